import { arrayOf, closed, constant, ref, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { WIRE } from '../common/openapi/wire-schemas';
import { CART_ITEM_WIRE, CART_PROMOTION_ITEM_WIRE, CART_TOTALS_WIRE, CART_WIRE } from './cart.wire';

/** The identifiers a cart association answers with. */
const associated = (type: string, description: string) => closed({ data: arrayOf(closed({ type: constant(type), id: uuid() }), { minItems: 1 }) }, [], { description });

/**
 * A cart, its items and promotion items and its totals as their presenters show them (from their wire formats), and
 * the documents that carry them. Requests: the DTOs (the items' body: addCartItemsSchema).
 */
export const CART_SCHEMAS = defineSchemas({
  Cart: CART_WIRE.schema(),
  CartTotals: CART_TOTALS_WIRE.schema(),
  CartCustomersDocument: associated('customer', "The customers associated with a cart (Elastic Path's customer cart associations)"),
  CartAccountsDocument: associated('account', "The accounts associated with a cart (Elastic Path's account cart associations)"),
  CartItem: CART_ITEM_WIRE.schema(),
  PromotionItem: CART_PROMOTION_ITEM_WIRE.schema({ description: 'A promotion applied to the cart; its value is the discount it gives (negative)' }),
  CartListItem: { anyOf: [ref('CartItem'), ref('PromotionItem')], description: 'A product or custom item, or a promotion applied to the cart' },
  CartItemsDocument: closed({ data: arrayOf(ref('CartListItem')), meta: closed({ display_price: ref('CartTotals') }) }),
  AddedCartItemsDocument: closed(
    { data: arrayOf(ref('CartListItem')), meta: closed({ display_price: ref('CartTotals') }), errors: arrayOf(ref(WIRE.ErrorObject)) },
    ['errors'],
    { description: 'The cart\'s items; with `add_all_or_nothing: false`, `errors` names the entries that were not added (`source` `data[i]...`)' },
  ),
  CheckoutDocument: closed({ data: ref('Order'), included: closed({ items: arrayOf(ref('OrderItem')) }) }),
});
