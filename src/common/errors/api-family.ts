import { SetMetadata } from '@nestjs/common';

/**
 * How an error document writes `status`. Elastic Path's families disagree: the v2 families (carts, orders, files,
 * integrations…) send the HTTP status as a number, the newer ones (Account Management, PXM, price books, catalogs,
 * currencies, inventories, promotions) as a string (`"404"`).
 */
export type ErrorStatusForm = 'number' | 'string';

/** An Elastic Path API family, as far as the shared HTTP layer needs to know it. */
export interface ApiFamily {
  readonly name: string;
  readonly errorStatus: ErrorStatusForm;
}

export const API_FAMILY = 'commerce:api-family';

/** Routes of no declared family: the v2 families' error document. */
export const V2_FAMILY: ApiFamily = { name: 'v2', errorStatus: 'number' };

/**
 * Declares the family of routes: on a module, every controller the module declares; on a controller, its own
 * routes (over its module's). Error documents on those paths, from routing, auth, body parsing and validation
 * as from the handlers, then write `status` in the family's form.
 */
export const InApiFamily = (family: ApiFamily) => SetMetadata(API_FAMILY, family);

/** An error object as it goes on the wire, `status` in its family's form. */
export function statusInForm<T extends { status: number }>(error: T, form: ErrorStatusForm): Omit<T, 'status'> & { status: number | string } {
  return form === 'string' ? { ...error, status: String(error.status) } : error;
}
