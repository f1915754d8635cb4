import { Prisma, type Order, type OrderItem } from '../generated/prisma/client';
import { AmountSql, amountSql, displayPriceMember } from '../common/money/display-price.wire';
import { arrayOf, boolean, closed, constant as constantSchema, integer, open, ref, string, uuid } from '../common/openapi/json-schema';
import { WIRE } from '../common/openapi/wire-schemas';
import { sqlColumnName } from '../common/list-query/sql-list-query';
import { col, COMPARISONS, computed, constant, field, jsonColumn, nested, relationshipTo, sqlString, timestampsMember, when, wireFormat } from '../common/wire/wire-format';

/*
 * An order and its lines as the API shows them, written by the presenters and by the database for pages read often:
 * their OpenAPI schemas (order.schema.ts), presented types and the orders' list fields come from here.
 */

/** An order with the ids of its items, oldest first (all its relationships need). */
export type OrderWireRow = Order & { items: Pick<OrderItem, 'id'>[] };

/** `links: {}`: orders and their items have no links of their own. */
const noLinks = <Row>() => computed<Row, void, 'links', Record<string, never>>('links', () => ({}), () => sqlString('{}'), closed({}));

/** As the shopper gave it at checkout. */
const asGiven = (properties: Record<string, Record<string, unknown>> = {}) => open(properties, [], { description: 'As given at checkout' });

const ORDER_DISPLAY_PRICE = wireFormat<Order>()([
  displayPriceMember('with_tax', (o) => o.withTax, 'with_tax'),
  displayPriceMember('without_tax', (o) => o.withoutTax, 'without_tax'),
  displayPriceMember('tax', (o) => o.tax, 'tax'),
  // Written negative, as Elastic Path writes a discount (0 stays 0).
  displayPriceMember('discount', (o) => (o.discount === 0 ? 0 : -o.discount), (t) => Prisma.sql`(0 - ${col(t, 'discount')})`),
  displayPriceMember(
    'balance_owing',
    (o) => Math.max(0, o.withTax - o.authorizedAmount - o.paidAmount),
    (t) => Prisma.sql`GREATEST(0, ${col(t, 'with_tax')}::bigint - ${col(t, 'authorized_amount')} - ${col(t, 'paid_amount')})`,
  ),
  displayPriceMember('authorized', (o) => o.authorizedAmount, 'authorized_amount'),
  displayPriceMember('paid', (o) => o.paidAmount, 'paid_amount'),
  displayPriceMember('refunded', (o) => o.refundedAmount, 'refunded_amount'),
  displayPriceMember('without_discount', (o) => o.withTax + o.discount, (t) => Prisma.sql`${col(t, 'with_tax')}::bigint + ${col(t, 'discount')}`),
]);

const ORDER_META = wireFormat<Order>()([nested('display_price', ORDER_DISPLAY_PRICE), timestampsMember()]);

const ORDER_RELATIONSHIPS = wireFormat<OrderWireRow>()([
  computed(
    'items',
    (o) => ({ data: o.items.map((i) => ({ type: 'item' as const, id: i.id })) }),
    (t) => Prisma.sql`'{"data":[' || COALESCE((SELECT string_agg('{"type":"item","id":"' || l.id::text || '"}', ',' ORDER BY l.created_at, l.id)
      FROM order_items l WHERE l.order_id = ${col(t, 'id')}), '') || ']}'`,
    closed({ data: arrayOf(closed({ type: constantSchema('item'), id: uuid() })) }),
  ),
  relationshipTo('account', 'account', 'account_id', (o) => o.accountId),
  relationshipTo('account_member', 'account_member', 'account_member_id', (o) => o.accountMemberId),
]);

/** The order as GET /v2/orders/{id} returns it; amounts follow every payment transition. */
export const ORDER_WIRE = wireFormat<OrderWireRow>()([
  constant('type', 'order'),
  field('id', 'id', uuid(), { filter: [...COMPARISONS, 'in'], sortable: true }),
  field('status', 'status', string({ example: 'incomplete' }), { filter: ['eq', 'in'], sortable: true }),
  field('payment', 'payment', string({ example: 'unpaid' }), { filter: ['eq', 'in'], sortable: true }),
  field('shipping', 'shipping', string({ example: 'unfulfilled' }), { filter: ['eq', 'in'], sortable: true }),
  jsonColumn('customer', 'customer', (o) => o.customer, asGiven({ id: string(), name: string(), email: string() })),
  when(
    jsonColumn('contact', 'contact', (o) => o.contact, closed({ name: string(), email: string() }, ['name'], { description: "An account's order: whom to contact about it" })),
    (o) => o.contact !== null,
    (t) => Prisma.sql`${col(t, 'contact')} IS NOT NULL`,
  ),
  jsonColumn('shipping_address', 'shipping_address', (o) => o.shippingAddress, asGiven()),
  jsonColumn('billing_address', 'billing_address', (o) => o.billingAddress, asGiven()),
  noLinks<OrderWireRow>(),
  nested('meta', ORDER_META),
  nested('relationships', ORDER_RELATIONSHIPS),
]);

// ---------- items ----------

/** A line's value: unit amount × quantity. */
const lineValue = (i: OrderItem) => i.unitAmount * i.quantity;
/** In bigint, as the balance owing above: a product or difference of integer columns may not fit in an integer. */
const LINE_VALUE_SQL = (t: Prisma.Sql) => Prisma.sql`${col(t, 'unit_amount')}::bigint * ${col(t, 'quantity')}`;
/** After the line's discounts; per unit rounded down, as the cart shows it. */
const discountedValue = (i: OrderItem) => lineValue(i) - i.discountAmount;
const DISCOUNTED_VALUE_SQL = (t: Prisma.Sql) => Prisma.sql`(${LINE_VALUE_SQL(t)} - ${col(t, 'discount_amount')})`;
const discountedUnit = (i: OrderItem) => Math.floor(discountedValue(i) / i.quantity);
const DISCOUNTED_UNIT_SQL = (t: Prisma.Sql) => Prisma.sql`(${DISCOUNTED_VALUE_SQL(t)} / ${col(t, 'quantity')})`;
const negative = (amount: number) => (amount === 0 ? 0 : -amount);

function itemAmount<K extends string>(key: K, amount: (i: OrderItem) => number, sql: AmountSql) {
  return computed<OrderItem, void, K, { amount: number; currency: string; includes_tax: boolean }>(
    key,
    (i) => ({ amount: amount(i), currency: i.currency, includes_tax: i.includesTax }),
    (t) => Prisma.sql`'{"amount":' || (${amountSql(sql, t)})::text || ',"currency":' || to_json(${col(t, 'currency')})::text || ',"includes_tax":' || ${col(t, 'includes_tax')}::text || '}'`,
    ref(WIRE.Money),
  );
}

/** `{ unit, value }` display prices of a line, for one of its price kinds. */
function unitAndValue<K extends string>(key: K, unit: (i: OrderItem) => number, unitSql: AmountSql, value: (i: OrderItem) => number, valueSql: AmountSql) {
  return nested(key, wireFormat<OrderItem>()([displayPriceMember('unit', unit, unitSql), displayPriceMember('value', value, valueSql)]));
}

const ITEM_META = wireFormat<OrderItem>()([
  nested(
    'display_price',
    wireFormat<OrderItem>()([
      unitAndValue('with_tax', discountedUnit, DISCOUNTED_UNIT_SQL, discountedValue, DISCOUNTED_VALUE_SQL),
      unitAndValue('without_tax', discountedUnit, DISCOUNTED_UNIT_SQL, discountedValue, DISCOUNTED_VALUE_SQL),
      unitAndValue('tax', () => 0, () => Prisma.sql`0`, () => 0, () => Prisma.sql`0`),
      unitAndValue(
        'discount',
        (i) => negative(Math.floor(i.discountAmount / i.quantity)),
        (t) => Prisma.sql`(0 - ${col(t, 'discount_amount')} / ${col(t, 'quantity')})`,
        (i) => negative(i.discountAmount),
        (t) => Prisma.sql`(0 - ${col(t, 'discount_amount')})`,
      ),
      unitAndValue('without_discount', (i) => i.unitAmount, 'unit_amount', lineValue, LINE_VALUE_SQL),
    ]),
  ),
  timestampsMember(),
]);

const ITEM_RELATIONSHIPS = wireFormat<OrderItem>()([relationshipTo('cart_item', 'cart_item', 'cart_item_id', (i) => i.cartItemId)]);

/** A column shown when it holds a value (its SQL: the column IS NOT NULL). */
function whenSet<K extends string, F extends keyof OrderItem & string>(key: K, rowField: F, schema: Record<string, unknown>) {
  const member = field<OrderItem, void, K, F>(key, rowField, schema);
  return when(member, (i) => i[rowField] !== null, (t) => Prisma.sql`${col(t, sqlColumnName({ column: rowField }))} IS NOT NULL`);
}

export const ORDER_ITEM_WIRE = wireFormat<OrderItem>()([
  constant('type', 'order_item'),
  field('id', 'id', uuid()),
  field('quantity', 'quantity', integer({ minimum: 1 })),
  // A line checked out from a custom item has no product.
  whenSet('product_id', 'productId', uuid({ description: 'Absent for a custom item' })),
  field('name', 'name', string()),
  field('sku', 'sku', string()),
  // A line sold from a published catalog release names its catalog, and its stock location and bundle selection.
  whenSet('catalog_id', 'catalogId', uuid({ description: 'The catalog a line sold from a published catalog release came from' })),
  whenSet('catalog_source', 'catalogSource', constantSchema('pim')),
  whenSet('location', 'location', string({ description: 'The slug of the stock location the line took its stock from' })),
  when(
    jsonColumn('bundle_configuration', 'bundle_configuration', (i) => i.bundleConfiguration, open({ selected_options: { type: 'object' } }, ['selected_options'])),
    (i) => i.bundleConfiguration !== null,
    (t) => Prisma.sql`${col(t, 'bundle_configuration')} IS NOT NULL`,
  ),
  itemAmount('unit_price', (i) => i.unitAmount, 'unit_amount'),
  itemAmount('value', lineValue, LINE_VALUE_SQL),
  jsonColumn(
    'discounts',
    'discounts',
    (i) => i.discounts,
    arrayOf(
      closed({ amount: ref(WIRE.Money), code: string(), id: uuid({ description: 'The promotion' }), promotion_source: string(), is_cart_discount: boolean() }, ['promotion_source', 'is_cart_discount']),
      { description: 'The discounts the line had in the cart at checkout' },
    ),
  ),
  noLinks<OrderItem>(),
  nested('meta', ITEM_META),
  nested('relationships', ITEM_RELATIONSHIPS),
]);
