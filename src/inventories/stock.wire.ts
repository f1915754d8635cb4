import { Prisma } from '../generated/prisma/client';
import { closed, integer, uuid } from '../common/openapi/json-schema';
import { col, computed, constant, field, jsonColumn, nested, timestampsMember, wireFormat } from '../common/wire/wire-format';

export interface PositionFigures {
  available: number;
  allocated: number;
  total: number;
}

/**
 * A product's stock as read: the sums over its position at no location and every location's, and each
 * location's figures by slug.
 */
export interface StockRow {
  productId: string;
  total: number;
  allocated: number;
  locations: Record<string, PositionFigures>;
  createdAt: Date;
  updatedAt: Date;
}

const count = () => integer({ minimum: 0 });
const figuresSchema = closed({ available: count(), allocated: count(), total: count() });

const available = () =>
  computed<StockRow, void, 'available', number>('available', (r) => r.total - r.allocated, (t) => Prisma.sql`to_json(${col(t, 'total')} - ${col(t, 'allocated')})::text`, count());

const ATTRIBUTES = wireFormat<StockRow>()([
  available(),
  field('allocated', 'allocated', count()),
  field('total', 'total', count()),
  jsonColumn<StockRow, void, 'locations', Record<string, PositionFigures>>('locations', 'locations', (r) => r.locations, { type: 'object', additionalProperties: figuresSchema }),
]);

/** Stock as multi-location inventories (`EP-Inventories-Multi-Location: true`) answer it. */
export const STOCK_WIRE = wireFormat<StockRow>()([
  field('id', 'productId', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'stock'),
  nested('attributes', ATTRIBUTES),
  nested('meta', wireFormat<StockRow>()([field('stock_id', 'productId', uuid()), timestampsMember()])),
]);

/** Stock as the basic inventories answer it (no header): the figures beside `id` and `type`. */
export const BASIC_STOCK_WIRE = wireFormat<StockRow>()([
  field('id', 'productId', uuid()),
  constant('type', 'stock'),
  field('total', 'total', count()),
  available(),
  field('allocated', 'allocated', count()),
  nested('meta', wireFormat<StockRow>()([timestampsMember()])),
]);
