import { DataListBody } from '../common/validation/data-list-body.pipe';
import { CartAccountIdentifierDto, CartCustomerIdentifierDto } from './dto/cart.dto';

/** More customers (or accounts) than one request may associate with a cart. */
export const MAX_CART_RELATIONSHIPS = 100;

/**
 * `{"data":[{"type":"customer","id":…}]}` (or one such object) of the customer cart associations; likewise
 * `"account"` for the account cart associations.
 */
const CART_RELATIONSHIPS = { maxItems: MAX_CART_RELATIONSHIPS, orOne: true };

/** `@CartCustomersBody() customers`: the customers of an association request. */
export const CartCustomersBody = () => DataListBody(CartCustomerIdentifierDto, { ...CART_RELATIONSHIPS, name: 'CartCustomersRequest' });

/** `@CartAccountsBody() accounts`: the accounts of an association request. */
export const CartAccountsBody = () => DataListBody(CartAccountIdentifierDto, { ...CART_RELATIONSHIPS, name: 'CartAccountsRequest' });
