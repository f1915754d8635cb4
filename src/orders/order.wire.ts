import { Prisma, type Order, type OrderItem } from '../generated/prisma/client';
import { AmountSql, amountSql, displayPriceMember } from '../common/money/display-price.wire';
import { col, computed, constant, jsonColumn, nested, relationshipTo, scalar, sqlString, timestampsMember, when, WireFormat } from '../common/wire/wire-format';

/** An order with the ids of its items, oldest first (all its relationships need). */
export type OrderWireRow = Order & { items: Pick<OrderItem, 'id'>[] };

/** `links: {}`: orders and their items have no links of their own. */
const noLinks = <Row>() => computed<Row, void>('links', () => ({}), () => sqlString('{}'));

const ORDER_DISPLAY_PRICE = new WireFormat<Order, void>([
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

const ORDER_META = new WireFormat<Order, void>([nested('display_price', ORDER_DISPLAY_PRICE), timestampsMember()]);

const ORDER_RELATIONSHIPS = new WireFormat<OrderWireRow, void>([
  computed(
    'items',
    (o) => ({ data: o.items.map((i) => ({ type: 'item', id: i.id })) }),
    (t) => Prisma.sql`'{"data":[' || COALESCE((SELECT string_agg('{"type":"item","id":"' || l.id::text || '"}', ',' ORDER BY l.created_at, l.id)
      FROM order_items l WHERE l.order_id = ${col(t, 'id')}), '') || ']}'`,
  ),
  relationshipTo('account', 'account', 'account_id', (o) => o.accountId),
  relationshipTo('account_member', 'account_member', 'account_member_id', (o) => o.accountMemberId),
]);

/** The order as GET /v2/orders/{id} returns it; amounts follow every payment transition. */
export const ORDER_WIRE = new WireFormat<OrderWireRow, void>([
  constant('type', 'order'),
  scalar('id', 'id', (o) => o.id),
  scalar('status', 'status', (o) => o.status),
  scalar('payment', 'payment', (o) => o.payment),
  scalar('shipping', 'shipping', (o) => o.shipping),
  jsonColumn('customer', 'customer', (o) => o.customer),
  when(
    jsonColumn('contact', 'contact', (o) => o.contact),
    (o) => o.contact !== null,
    (t) => Prisma.sql`${col(t, 'contact')} IS NOT NULL`,
  ),
  jsonColumn('shipping_address', 'shipping_address', (o) => o.shippingAddress),
  jsonColumn('billing_address', 'billing_address', (o) => o.billingAddress),
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

function itemAmount(key: string, amount: (i: OrderItem) => number, sql: AmountSql) {
  return computed<OrderItem, void>(
    key,
    (i) => ({ amount: amount(i), currency: i.currency, includes_tax: i.includesTax }),
    (t) => Prisma.sql`'{"amount":' || (${amountSql(sql, t)})::text || ',"currency":' || to_json(${col(t, 'currency')})::text || ',"includes_tax":' || ${col(t, 'includes_tax')}::text || '}'`,
  );
}

/** `{ unit, value }` display prices of a line, for one of its price kinds. */
function unitAndValue(key: string, unit: (i: OrderItem) => number, unitSql: AmountSql, value: (i: OrderItem) => number, valueSql: AmountSql) {
  return nested(key, new WireFormat<OrderItem, void>([displayPriceMember('unit', unit, unitSql), displayPriceMember('value', value, valueSql)]));
}

const ITEM_META = new WireFormat<OrderItem, void>([
  nested(
    'display_price',
    new WireFormat<OrderItem, void>([
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

const ITEM_RELATIONSHIPS = new WireFormat<OrderItem, void>([
  relationshipTo('cart_item', 'cart_item', 'cart_item_id', (i) => i.cartItemId),
]);

export const ORDER_ITEM_WIRE = new WireFormat<OrderItem, void>([
  constant('type', 'order_item'),
  scalar('id', 'id', (i) => i.id),
  scalar('quantity', 'quantity', (i) => i.quantity),
  // A line checked out from a custom item has no product.
  when(
    scalar('product_id', 'product_id', (i) => i.productId),
    (i) => i.productId !== null,
    (t) => Prisma.sql`${col(t, 'product_id')} IS NOT NULL`,
  ),
  scalar('name', 'name', (i) => i.name),
  scalar('sku', 'sku', (i) => i.sku),
  // A line sold from a published catalog release names its catalog, and its stock location and bundle selection.
  when(scalar('catalog_id', 'catalog_id', (i) => i.catalogId), (i) => i.catalogId !== null, (t) => Prisma.sql`${col(t, 'catalog_id')} IS NOT NULL`),
  when(scalar('catalog_source', 'catalog_source', (i) => i.catalogSource), (i) => i.catalogSource !== null, (t) => Prisma.sql`${col(t, 'catalog_source')} IS NOT NULL`),
  when(scalar('location', 'location', (i) => i.location), (i) => i.location !== null, (t) => Prisma.sql`${col(t, 'location')} IS NOT NULL`),
  when(
    jsonColumn('bundle_configuration', 'bundle_configuration', (i) => i.bundleConfiguration),
    (i) => i.bundleConfiguration !== null,
    (t) => Prisma.sql`${col(t, 'bundle_configuration')} IS NOT NULL`,
  ),
  itemAmount('unit_price', (i) => i.unitAmount, 'unit_amount'),
  itemAmount('value', lineValue, LINE_VALUE_SQL),
  jsonColumn('discounts', 'discounts', (i) => i.discounts),
  noLinks<OrderItem>(),
  nested('meta', ITEM_META),
  nested('relationships', ITEM_RELATIONSHIPS),
]);
