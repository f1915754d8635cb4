import { Body, Injectable, PipeTransform } from '@nestjs/common';
import { BadRequestError } from '../common/errors/api-error';
import { isUuid } from '../common/validation/resource-id.pipe';

/** More customers than one request may associate with a cart. */
export const MAX_CART_CUSTOMERS = 100;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"data":[{"type":"customer","id":…}]}` (or one such object) of the customer cart associations: the customer ids. */
@Injectable()
export class CartCustomersPipe implements PipeTransform<unknown, string[]> {
  transform(body: unknown): string[] {
    const data = isPlainObject(body) ? body.data : undefined;
    const entries = Array.isArray(data) ? data : isPlainObject(data) ? [data] : undefined;
    if (!entries || entries.length === 0) {
      throw new BadRequestError('The request body must be {"data":[{"type":"customer","id":…}]}', 'data');
    }
    if (entries.length > MAX_CART_CUSTOMERS) throw new BadRequestError(`At most ${MAX_CART_CUSTOMERS} customers at once`, 'data');
    return [
      ...new Set(
        entries.map((entry, index) => {
          const at = Array.isArray(data) ? `data[${index}]` : 'data';
          if (!isPlainObject(entry) || entry.type !== 'customer') throw new BadRequestError(`${at}.type must be "customer"`, `${at}.type`);
          if (typeof entry.id !== 'string' || !isUuid(entry.id)) throw new BadRequestError(`${at}.id must be a customer id (a UUID)`, `${at}.id`);
          return entry.id.toLowerCase();
        }),
      ),
    ];
  }
}

/** `@CartCustomersBody() ids`: the customer ids of an association request. */
export const CartCustomersBody = () => Body(new CartCustomersPipe());
