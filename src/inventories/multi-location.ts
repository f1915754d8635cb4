/** The header that asks for Elastic Path's multi-location inventories: stock and transactions with `attributes`. */
export const MULTI_LOCATION_HEADER = 'ep-inventories-multi-location';

/** `EP-Inventories-Multi-Location: true` (any case): the multi-location shapes; otherwise the basic ones. */
export function isMultiLocation(value: unknown): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}
