import { UnprocessableError } from '../common/errors/api-error';
import { PrioritizedPricebook } from './prioritized-pricebooks';

/** `pricebook_ids` names each price book once. */
export function checkDistinctPricebooks(books: PrioritizedPricebook[] | null | undefined, source: string): void {
  if (!books) return;
  const seen = new Set<string>();
  for (const [i, book] of books.entries()) {
    const id = book.id.toLowerCase();
    if (seen.has(id)) throw new UnprocessableError('Duplicate price book', `Price book ${book.id} is named twice in ${source}`, `${source}[${i}].id`);
    seen.add(id);
  }
}

/** Refuses the first of `missing` (ids of `kind` that do not exist), pointing at where `all` named it. */
export function refuseMissing(kind: string, missing: string[], all: string[], source: string): void {
  if (missing.length === 0) return;
  const at = all.indexOf(missing[0]);
  throw new UnprocessableError(`${kind} not found`, `${missing.length === 1 ? `${kind} ${missing[0]} does not exist` : `${kind}s ${missing.join(', ')} do not exist`}`, at >= 0 ? `${source}[${at}]` : source);
}
