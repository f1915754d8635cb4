import { Body, Injectable, PipeTransform } from '@nestjs/common';
import { BadRequestError } from '../common/errors/api-error';
import { isUuid } from '../common/validation/resource-id.pipe';

/** More customers (or accounts) than one request may associate with a cart. */
export const MAX_CART_RELATIONSHIPS = 100;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `{"data":[{"type":"customer","id":…}]}` (or one such object) of the customer cart associations: the customer
 * ids; likewise `"account"` for the account cart associations.
 */
@Injectable()
export class CartRelationshipsPipe implements PipeTransform<unknown, string[]> {
  constructor(private readonly type: 'customer' | 'account') {}

  transform(body: unknown): string[] {
    const type = this.type;
    const data = isPlainObject(body) ? body.data : undefined;
    const entries = Array.isArray(data) ? data : isPlainObject(data) ? [data] : undefined;
    if (!entries || entries.length === 0) {
      throw new BadRequestError(`The request body must be {"data":[{"type":"${type}","id":…}]}`, 'data');
    }
    if (entries.length > MAX_CART_RELATIONSHIPS) throw new BadRequestError(`At most ${MAX_CART_RELATIONSHIPS} ${type}s at once`, 'data');
    return [
      ...new Set(
        entries.map((entry, index) => {
          const at = Array.isArray(data) ? `data[${index}]` : 'data';
          if (!isPlainObject(entry) || entry.type !== type) throw new BadRequestError(`${at}.type must be "${type}"`, `${at}.type`);
          if (typeof entry.id !== 'string' || !isUuid(entry.id)) throw new BadRequestError(`${at}.id must be ${type === 'account' ? 'an account' : 'a customer'} id (a UUID)`, `${at}.id`);
          return entry.id.toLowerCase();
        }),
      ),
    ];
  }
}

/** `@CartCustomersBody() ids`: the customer ids of an association request. */
export const CartCustomersBody = () => Body(new CartRelationshipsPipe('customer'));

/** `@CartAccountsBody() ids`: the account ids of an association request. */
export const CartAccountsBody = () => Body(new CartRelationshipsPipe('account'));
