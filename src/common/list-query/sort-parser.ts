import { BadRequestError } from '../errors/api-error';
import type { ListResourceSpec } from './list-spec';

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  /** API attribute, e.g. `created_at`. */
  field: string;
  /** Prisma field (path), e.g. `createdAt`. */
  column: string;
  direction: SortDirection;
}

/**
 * `sort=field` (ascending) or `sort=-field` (descending), one field, which the spec marks sortable.
 * Absent or empty: the spec's default. `id` is appended as a tiebreaker so paging is deterministic.
 */
export function parseSort(raw: unknown, spec: ListResourceSpec): SortKey[] {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return withTiebreaker(parseDefaultSort(spec), spec);
  }
  if (typeof raw !== 'string') throw sortError('sort must be given once, as sort=field or sort=-field');
  const value = raw.trim();
  if (value.includes(',')) throw sortError('Only one sort field is supported');
  const { field, direction } = splitDirection(value);
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
  if (!fieldSpec?.sortable) {
    const allowed = sortableFields(spec);
    throw sortError(`Cannot sort by '${field}'${allowed.length ? `; sortable fields: ${allowed.join(', ')}` : ''}`);
  }
  return withTiebreaker({ field, column: fieldSpec.column, direction }, spec);
}

function parseDefaultSort(spec: ListResourceSpec): SortKey {
  const { field, direction } = splitDirection(spec.defaultSort);
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
  if (!fieldSpec) throw new Error(`ListResourceSpec.defaultSort '${spec.defaultSort}' names no field of the spec`);
  return { field, column: fieldSpec.column, direction };
}

function withTiebreaker(primary: SortKey, spec: ListResourceSpec): SortKey[] {
  const idColumn = Object.hasOwn(spec.fields, 'id') ? spec.fields.id.column : 'id';
  if (primary.column === idColumn) return [primary];
  return [primary, { field: 'id', column: idColumn, direction: primary.direction }];
}

function splitDirection(value: string): { field: string; direction: SortDirection } {
  // A '+' sent unencoded arrives as a space and has been trimmed away: ascending either way.
  return value.startsWith('-') ? { field: value.slice(1), direction: 'desc' } : { field: value, direction: 'asc' };
}

function sortableFields(spec: ListResourceSpec): string[] {
  return Object.entries(spec.fields)
    .filter(([, f]) => f.sortable)
    .map(([name]) => name);
}

function sortError(detail: string): BadRequestError {
  return new BadRequestError(detail, { parameter: 'sort' });
}
