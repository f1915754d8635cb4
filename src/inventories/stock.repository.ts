import { Injectable } from '@nestjs/common';
import { ListFieldSpec, ListQuery, ListResourceSpec, toSqlListClauses } from '../common/list-query';
import type { FilterOp, FilterValue } from '../common/list-query';
import { MAX_STOCK } from '../common/money/limits';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { PositionFigures, STOCK_WIRE, StockRow } from './stock.wire';
import type { StockAction } from './transaction.wire';

const TIMES = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** Stock that has a position at one of the named locations (by slug). */
function atLocation(op: FilterOp, values: FilterValue[], row: Prisma.Sql): Prisma.Sql {
  const slugs = (op === 'in' ? values : values.slice(0, 1)).map((v) => Prisma.sql`${String(v)}::text`);
  return Prisma.sql`EXISTS (SELECT 1 FROM inventory_location_stocks ls JOIN inventory_locations l ON l.id = ls.location_id
    WHERE ls.product_id = ${row}.product_id AND l.slug IN (${Prisma.join(slugs)}))`;
}

const LOCATION_FILTER: ListFieldSpec = {
  column: 'productId',
  type: 'string',
  ops: ['eq', 'in'],
  toWhere: (op, values) => ({ locations: { some: { location: { slug: { in: (op === 'in' ? values : values.slice(0, 1)).map(String) } } } } }),
  toSql: atLocation,
};

export const STOCK_SPEC: ListResourceSpec = STOCK_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...TIMES], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...TIMES], sortable: true },
    location: LOCATION_FILTER,
    // The SDK's `MultiLocationInventories.Filter({ eq: { locations: slug } })`.
    locations: LOCATION_FILTER,
  },
});

/**
 * The figures of the products in `stocks` (rows of inventory_stocks): their position at no location plus every
 * location's, and each location's by slug. Only those rows are summed, so a page costs its own products alone.
 */
const figures = (stocks: Prisma.Sql) => Prisma.sql`(
  SELECT s.product_id, s.created_at, s.updated_at,
    s.total::bigint + COALESCE(SUM(ls.total), 0) AS total,
    s.allocated::bigint + COALESCE(SUM(ls.allocated), 0) AS allocated,
    COALESCE(jsonb_object_agg(l.slug, jsonb_build_object('available', ls.total - ls.allocated, 'allocated', ls.allocated, 'total', ls.total))
      FILTER (WHERE l.id IS NOT NULL), '{}'::jsonb) AS locations
  FROM ${stocks} s
  LEFT JOIN inventory_location_stocks ls ON ls.product_id = s.product_id
  LEFT JOIN inventory_locations l ON l.id = ls.location_id
  GROUP BY s.product_id, s.created_at, s.updated_at, s.total, s.allocated)`;

interface RawStock {
  productId: string;
  total: bigint | number;
  allocated: bigint | number;
  locations: Record<string, PositionFigures> | string;
  createdAt: Date;
  updatedAt: Date;
}

const toRow = (r: RawStock): StockRow => ({
  productId: r.productId,
  total: Number(r.total),
  allocated: Number(r.allocated),
  locations: typeof r.locations === 'string' ? (JSON.parse(r.locations) as Record<string, PositionFigures>) : r.locations,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const SELECT = Prisma.sql`SELECT r.product_id::text AS "productId", r.total, r.allocated, r.locations, r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;

/** How each action moves a position, and the condition under which it may (a position never holds more allocated than in total). */
const MOVES: Record<StockAction, { set: (q: number) => Prisma.Sql; guard: (q: number) => Prisma.Sql }> = {
  increment: { set: (q) => Prisma.sql`total = total + ${q}::int`, guard: (q) => Prisma.sql`total::bigint + ${q}::int <= ${MAX_STOCK}` },
  decrement: { set: (q) => Prisma.sql`total = total - ${q}::int`, guard: (q) => Prisma.sql`total - allocated >= ${q}::int` },
  allocate: { set: (q) => Prisma.sql`allocated = allocated + ${q}::int`, guard: (q) => Prisma.sql`total - allocated >= ${q}::int` },
  deallocate: { set: (q) => Prisma.sql`allocated = allocated - ${q}::int`, guard: (q) => Prisma.sql`allocated >= ${q}::int` },
  set: { set: (q) => Prisma.sql`total = ${q}::int`, guard: (q) => Prisma.sql`allocated <= ${q}::int` },
};

export interface Position {
  total: number;
  allocated: number;
}

@Injectable()
export class StockRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(productId: string, db: Db = this.prisma): Promise<StockRow | null> {
    const rows = await db.$queryRaw<RawStock[]>`${SELECT} FROM ${figures(Prisma.sql`(SELECT * FROM inventory_stocks WHERE product_id = ${productId}::uuid)`)} r`;
    return rows.length ? toRow(rows[0]) : null;
  }

  /** The stock of these products that have any, in the order given. */
  async findMany(productIds: string[], db: Db = this.prisma): Promise<StockRow[]> {
    const rows = await db.$queryRaw<RawStock[]>`${SELECT} FROM ${figures(Prisma.sql`(SELECT * FROM inventory_stocks WHERE product_id = ANY(${productIds}::uuid[]))`)} r`;
    const byId = new Map(rows.map((r) => [r.productId, toRow(r)]));
    return productIds.flatMap((id) => byId.get(id) ?? []);
  }

  async list(q: ListQuery, db: Db = this.prisma): Promise<{ items: StockRow[]; total: number; all: number }> {
    const clauses = toSqlListClauses(q, STOCK_SPEC, 'r')!;
    const count = async (where: Prisma.Sql) => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM inventory_stocks r WHERE ${where}`)[0].n;
    const [rows, total, all] = await Promise.all([
      db.$queryRaw<RawStock[]>`${SELECT} FROM ${figures(Prisma.sql`(SELECT r.* FROM inventory_stocks r WHERE ${clauses.where} ORDER BY ${clauses.orderBy} LIMIT ${q.limit} OFFSET ${q.offset})`)} r
        ORDER BY ${clauses.orderBy}`,
      count(clauses.where),
      q.filter ? count(Prisma.sql`TRUE`) : undefined,
    ]);
    return { items: rows.map(toRow), total, all: all ?? total };
  }

  /** A new product's stock: `available` at no location. False when the product has stock already. */
  async create(productId: string, available: number, db: Db): Promise<boolean> {
    const n = await db.$executeRaw`INSERT INTO inventory_stocks (product_id, total, allocated, created_at, updated_at)
      VALUES (${productId}::uuid, ${available}::int, 0, now(), now()) ON CONFLICT (product_id) DO NOTHING`;
    return n === 1;
  }

  delete(productId: string, db: Db = this.prisma) {
    return db.$executeRaw`DELETE FROM inventory_stocks WHERE product_id = ${productId}::uuid`;
  }

  /**
   * Locks a product's stock row until the transaction ends and marks it changed: every move of any of its
   * positions takes it first, so moves of one product run one at a time. False when it has no stock.
   */
  async lock(productId: string, db: Db): Promise<boolean> {
    const n = await db.$executeRaw`UPDATE inventory_stocks SET updated_at = now() WHERE product_id = ${productId}::uuid`;
    return n === 1;
  }

  /** A location's position of a product, made empty when there was none. */
  async ensurePosition(productId: string, locationId: string, db: Db): Promise<void> {
    await db.$executeRaw`INSERT INTO inventory_location_stocks (product_id, location_id, total, allocated)
      VALUES (${productId}::uuid, ${locationId}::uuid, 0, 0) ON CONFLICT DO NOTHING`;
  }

  /** Moves a position by one guarded statement; false when the guard refused (or there is no such position). */
  async move(productId: string, locationId: string | null, action: StockAction, quantity: number, db: Db): Promise<boolean> {
    const { set, guard } = MOVES[action];
    const n = locationId
      ? await db.$executeRaw`UPDATE inventory_location_stocks SET ${set(quantity)}
          WHERE product_id = ${productId}::uuid AND location_id = ${locationId}::uuid AND ${guard(quantity)}`
      : await db.$executeRaw`UPDATE inventory_stocks SET ${set(quantity)} WHERE product_id = ${productId}::uuid AND ${guard(quantity)}`;
    return n === 1;
  }

  /** A position's figures now (an empty one when the location holds none of the product). */
  async position(productId: string, locationId: string | null, db: Db): Promise<Position> {
    const rows = locationId
      ? await db.$queryRaw<Position[]>`SELECT total, allocated FROM inventory_location_stocks WHERE product_id = ${productId}::uuid AND location_id = ${locationId}::uuid`
      : await db.$queryRaw<Position[]>`SELECT total, allocated FROM inventory_stocks WHERE product_id = ${productId}::uuid`;
    return rows[0] ? { total: Number(rows[0].total), allocated: Number(rows[0].allocated) } : { total: 0, allocated: 0 };
  }

  /** Takes a location's position away. */
  removePosition(productId: string, locationId: string, db: Db) {
    return db.$executeRaw`DELETE FROM inventory_location_stocks WHERE product_id = ${productId}::uuid AND location_id = ${locationId}::uuid`;
  }

  /** Sets a location's available stock (its total is then the allocated stock plus that). */
  async setAvailable(productId: string, locationId: string, available: number, db: Db): Promise<boolean> {
    await this.ensurePosition(productId, locationId, db);
    const n = await db.$executeRaw`UPDATE inventory_location_stocks SET total = allocated + ${available}::int
      WHERE product_id = ${productId}::uuid AND location_id = ${locationId}::uuid AND allocated::bigint + ${available}::int <= ${MAX_STOCK}`;
    return n === 1;
  }
}
