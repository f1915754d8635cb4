import { IsInt, Max, Min } from 'class-validator';
import { BadRequestError } from '../../common/errors/api-error';
import { OptionalNestedObject, ResourceIdentifier } from '../../common/validation/body-members';
import { DataListBody } from '../../common/validation/data-list-body.pipe';
import { Nullable } from '../../common/validation/nullable';
import type { ChildReference } from './hierarchies.service';

/** At most this many nodes move in one request. */
export const MAX_CHILDREN_PER_REQUEST = 100;

/** A 32-bit integer of at most 2,147,483,647 either side of 0. */
const MAX_SORT_ORDER = 2_147_483_647;

export class ChildMetaDto {
  /** The node's place among its siblings; `null` clears it. */
  @Nullable()
  @IsInt()
  @Min(-MAX_SORT_ORDER)
  @Max(MAX_SORT_ORDER)
  sort_order?: number | null;
}

/** A node moved under a hierarchy's top or under a node. */
export class ChildReferenceDto extends ResourceIdentifier('node', "a node's id") {
  @OptionalNestedObject(() => ChildMetaDto)
  meta?: ChildMetaDto;
}

/** `@ChildReferencesBody() children`: `{"data":[{"type":"node","id":…,"meta":{"sort_order":…}?},…]}`. */
export const ChildReferencesBody = () => DataListBody(ChildReferenceDto, { minItems: 0, maxItems: MAX_CHILDREN_PER_REQUEST, name: 'ChildReferencesRequest' });

/** The children, ids in lower case; a node named twice is a 400. */
export function childReferencesOf(given: readonly ChildReferenceDto[]): ChildReference[] {
  const seen = new Set<string>();
  return given.map((child, i) => {
    const id = child.id.toLowerCase();
    if (seen.has(id)) throw new BadRequestError(`data[${i}].id names a node twice`, `data[${i}].id`);
    seen.add(id);
    const sortOrder = child.meta?.sort_order;
    return sortOrder === undefined ? { id } : { id, sortOrder };
  });
}
