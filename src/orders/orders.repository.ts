import type { ShopperOwner } from '../auth/order-access';
import { Injectable } from '@nestjs/common';
import { FilterOp, FilterValue, HARD_OFFSET_LIMIT, ListQuery, ListResourceSpec, loadPage, matchesNothing, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import type { SerializedPage } from '../common/http/response-document';
import { toSqlListClauses } from '../common/list-query/sql-list-query';
import { keptRowCount, PageRow, PageStatement, pageStatementSql, serializedPageOf } from '../common/wire/page-statement';
import { COMPARISONS } from '../common/wire/wire-format';
import { ORDER_ITEM_WIRE, ORDER_WIRE } from './order.wire';

const RANGE = ['gt', 'ge', 'lt', 'le'] as const;

/** Orders that contain an item matching `cond` (the `product_id` and `product_sku` filters). */
function hasItem(column: 'productId' | 'sku') {
  return (op: FilterOp, values: FilterValue[]) => ({
    items: { some: { [column]: op === 'in' ? { in: values } : { equals: values[0] } } },
  });
}

/** The filters Elastic Path documents for orders; newest first, hard offset limit (docs/api.md). */
export const ORDERS_SPEC: ListResourceSpec = ORDER_WIRE.listSpec({
  defaultSort: '-created_at',
  maxOffset: HARD_OFFSET_LIMIT,
  more: {
    currency: { column: 'currency', type: 'string', ops: ['eq', 'in'] },
    email: { column: 'customerEmail', type: 'string', ops: ['eq', 'like'] },
    name: { column: 'customerName', type: 'string', ops: ['eq', 'like'] },
    'contact.email': { column: 'customerEmail', type: 'string', ops: ['eq', 'like'] },
    'contact.name': { column: 'customerName', type: 'string', ops: ['eq', 'like'] },
    // Columns PostgreSQL derives from the customer and address JSON (see the order_filter_columns migration).
    customer_id: { column: 'customerId', type: 'string', ops: ['eq', 'like'] },
    shipping_name: { column: 'shippingName', type: 'string', ops: ['eq', 'like'] },
    shipping_postcode: { column: 'shippingPostcode', type: 'string', ops: ['eq', 'like'] },
    billing_name: { column: 'billingName', type: 'string', ops: ['eq', 'like'] },
    billing_postcode: { column: 'billingPostcode', type: 'string', ops: ['eq', 'like'] },
    account_id: { column: 'accountId', type: 'uuid', ops: ['eq'] },
    account_member_id: { column: 'id', type: 'string', ops: ['eq', 'like'], toWhere: matchesNothing },
    product_id: { column: 'id', type: 'uuid', ops: ['eq', 'in'], toWhere: hasItem('productId') },
    product_sku: { column: 'id', type: 'string', ops: ['eq', 'in'], toWhere: hasItem('sku') },
    with_tax: { column: 'withTax', type: 'integer', ops: [...RANGE, 'eq'], sortable: true },
    without_tax: { column: 'withoutTax', type: 'integer', ops: [...RANGE, 'eq'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...COMPARISONS], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...COMPARISONS], sortable: true },
  },
});

/** The count of all orders the database keeps: an admin's unfiltered list reads it. */
const KEPT_COUNT = keptRowCount('orders');

const WITH_ITEMS = { items: { orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }] } };

@Injectable()
export class OrdersRepository {
  constructor(private readonly prisma: PrismaService) {}

  findWithItems(id: string, db: Db = this.prisma) {
    return db.order.findUnique({ where: { id }, include: WITH_ITEMS });
  }

  create(data: Prisma.OrderCreateInput, db: Db = this.prisma) {
    return db.order.create({ data, include: WITH_ITEMS });
  }

  /** Conditional update: returns the number of rows changed (0 when `where` no longer matches). */
  async updateWhere(where: Prisma.OrderWhereInput & { id: string }, data: Prisma.OrderUpdateManyMutationInput, db: Db = this.prisma) {
    const { count } = await db.order.updateMany({ where, data });
    return count;
  }

  /**
   * The lines of an order whose quantities were taken from managed stock, marked as given back in the same
   * statement: whoever gets them returns the stock, and a second caller gets none.
   */
  releaseAllocatedItems(orderId: string, db: Db) {
    return db.$queryRaw<{ productId: string; quantity: number; stockSource: string | null; location: string | null }[]>`
      UPDATE order_items SET stock_allocated = false, updated_at = now()
      WHERE order_id = ${orderId}::uuid AND stock_allocated
      RETURNING product_id::text AS "productId", quantity, stock_source AS "stockSource", location`;
  }

  itemsOf(orderIds: string[], db: Db = this.prisma) {
    return db.orderItem.findMany({ where: { orderId: { in: orderIds } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /**
   * One statement for a whole page: the orders, the count(s) and, when asked for, their items, written as JSON
   * text by the database from their wire formats (see order.wire.ts and page-statement.ts). Null when a filter
   * is one only Prisma translates (an order's items' products); the caller then builds the page from rows.
   */
  async serializedPage(q: ListQuery, owner: ShopperOwner | undefined, withItems: boolean): Promise<SerializedPage | null> {
    const clauses = toSqlListClauses(q, ORDERS_SPEC, 't');
    if (!clauses) return null;
    const own =
      owner === undefined ? Prisma.sql`TRUE` : owner.accountId !== undefined ? Prisma.sql`t.account_id = ${owner.accountId}::uuid` : Prisma.sql`t.customer_id = ${owner.customerId}::text`;
    const statement: PageStatement = {
      table: 'orders',
      matching: Prisma.sql`(${clauses.where}) AND ${own}`,
      unfiltered: q.filter ? own : null,
      ...(owner === undefined ? { unfilteredCount: KEPT_COUNT } : {}),
      orderBy: clauses.orderBy,
      json: ORDER_WIRE.jsonSql(Prisma.sql`t`, undefined),
      type: 'order',
      includes: withItems
        ? [{ key: 'items', type: 'order_item', rows: Prisma.sql`SELECT oi.* FROM order_items oi WHERE oi.order_id IN (SELECT id FROM page)`, json: ORDER_ITEM_WIRE.jsonSql(Prisma.sql`i`, undefined) }]
        : [],
    };
    return serializedPageOf(await this.prisma.queryPrepared<PageRow>(pageStatementSql(statement, q)), statement, q);
  }

  /** `owner` limits the list (and its totals) to one shopper's or account's orders. */
  async list(q: ListQuery, owner?: ShopperOwner) {
    const args = toPrismaListArgs(q, ORDERS_SPEC);
    const own: Prisma.OrderWhereInput = owner === undefined ? {} : owner.accountId !== undefined ? { accountId: owner.accountId } : { customerId: owner.customerId };
    const where: Prisma.OrderWhereInput = owner !== undefined ? { AND: [args.where as Prisma.OrderWhereInput, own] } : (args.where as Prisma.OrderWhereInput);
    return loadPage(q, {
      items: () => this.prisma.order.findMany({ ...(args as Prisma.OrderFindManyArgs), where, include: WITH_ITEMS }),
      countMatching: () => this.prisma.order.count({ where }),
      countAll: () => this.prisma.order.count({ where: own }),
    });
  }
}
