import type { ListQuery } from './list-query';

export interface LoadedPage<T> {
  items: T[];
  total: number;
  all: number;
}

/**
 * Runs a list's page query and its counts side by side (each on its own pool connection, no transaction
 * round trips), and counts once when the list is unfiltered, where `all` equals `total`.
 * The callbacks return Prisma's lazy queries, so nothing runs that is not needed.
 */
export async function loadPage<T>(
  q: Pick<ListQuery, 'filter'>,
  queries: { items: () => PromiseLike<T[]>; countMatching: () => PromiseLike<number>; countAll: () => PromiseLike<number> },
): Promise<LoadedPage<T>> {
  if (!q.filter) {
    const [items, total] = await Promise.all([queries.items(), queries.countMatching()]);
    return { items, total, all: total };
  }
  const [items, total, all] = await Promise.all([queries.items(), queries.countMatching(), queries.countAll()]);
  return { items, total, all };
}
