import { Body, Injectable, PipeTransform } from '@nestjs/common';
import { BadRequestError, ValidationFailedError } from '../errors/api-error';
import { DataListOptions, declareDataBody, validatedAgainst } from './data-body.pipe';
import { assertSafeJson, isPlainObject, replaceLoneSurrogates } from './json-shape';

/**
 * Unwraps `{"data": [...]}` and validates each element against `dto` (a relationship's identifiers, references
 * read in bulk): the instances, in order. Every failure is a 400 whose `source` names the element's member
 * (`data[2].id`); all the elements' failures are listed at once.
 */
@Injectable()
export class DataListBodyPipe implements PipeTransform<unknown, Promise<object[] | null>> {
  constructor(
    private readonly dto: Function,
    private readonly options: DataListOptions,
  ) {}

  async transform(body: unknown): Promise<object[] | null> {
    const { minItems, maxItems, orOne, orNull } = this.options;
    const expected = `an array of ${minItems}${maxItems === minItems ? '' : ` to ${maxItems}`} objects${orOne ? ', or one object' : ''}${orNull ? ', or null' : ''}`;
    if (!isPlainObject(body) || body.data === undefined) throw new BadRequestError(`The request body must be a JSON object with a "data" member: ${expected}`, 'data');
    const data = body.data;
    if (data === null && orNull) return null;
    const one = isPlainObject(data) && orOne === true;
    if (!Array.isArray(data) && !one) throw new BadRequestError(`data must be ${expected}`, 'data');
    const elements: unknown[] = one ? [data] : (data as unknown[]);
    if (elements.length < minItems) throw new BadRequestError(`data must hold at least ${minItems} element${minItems === 1 ? '' : 's'}`, 'data');
    if (elements.length > maxItems) throw new BadRequestError(`data can hold at most ${maxItems} elements`, 'data');
    assertSafeJson(elements, 'data');
    replaceLoneSurrogates(elements);
    const failures: { detail: string; source: string }[] = [];
    const out: object[] = [];
    for (const [index, element] of Array.from(elements).entries()) {
      const at = one ? 'data' : `data[${index}]`;
      if (!isPlainObject(element)) {
        failures.push({ detail: `${at} must be a JSON object`, source: at });
        continue;
      }
      const checked = await validatedAgainst(this.dto, element, at, this.options.closed === true);
      if (Array.isArray(checked)) failures.push(...checked);
      else out.push(checked);
    }
    if (failures.length) throw new ValidationFailedError(failures);
    return out;
  }
}

/** The distinct ids of identifiers, in lower case, in the order first given. */
export function distinctIds(identifiers: readonly { id: string }[]): string[] {
  return [...new Set(identifiers.map((identifier) => identifier.id.toLowerCase()))];
}

/**
 * `@DataListBody(ItemDto, { maxItems })`: the validated elements of the request's `data` array, each an instance
 * of `ItemDto` (`null` with `orNull`, when `data` is `null`). The request schema is derived from the DTO:
 * `data: {type: array, items: <its schema>}` with the bounds (closed objects with `closed`), named
 * `<Item>ListRequest` unless `name` says.
 */
export const DataListBody =
  (dto: Function, options: Partial<DataListOptions> & { maxItems: number; name?: string }): ParameterDecorator =>
  (target, key, index) => {
    const { name, ...bounds } = options;
    const list: DataListOptions = { minItems: 1, ...bounds };
    const pipe = new DataListBodyPipe(dto, list);
    Body(pipe)(target, key, index);
    declareDataBody(target, key, { dto, optional: false, pipe, list, ...(name ? { name } : {}) });
  };
