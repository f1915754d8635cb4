import { Prisma, type Promotion, type PromotionCode } from '../generated/prisma/client';
import { arrayOf, boolean, closed, dateTime, integer, oneOfStrings, open, string, uuid } from '../common/openapi/json-schema';
import { col, computed, constant, field, isoTimeSql, jsonColumn, nested, timestampsMember, when, wireFormat } from '../common/wire/wire-format';
import { SUPPORTED_PROMOTION_TYPES } from './promotion-rules';

const amountInCurrency = closed({ amount: integer({ minimum: 0 }), currency: string() });

/** A promotion as `/v2/promotions` answers it: its members at the top level of `data`, as Elastic Path writes them. */
export const PROMOTION_WIRE = wireFormat<Promotion>()([
  constant('type', 'promotion'),
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('description', 'description', string()),
  field('promotion_type', 'promotionType', oneOfStrings(SUPPORTED_PROMOTION_TYPES), { filter: ['eq', 'in'] }),
  field('enabled', 'enabled', boolean(), { filter: ['eq'] }),
  field('automatic', 'automatic', boolean(), { filter: ['eq'] }),
  computed('start', (p) => p.start.toISOString(), (t) => isoTimeSql(col(t, 'start')), dateTime()),
  computed('end', (p) => p.end.toISOString(), (t) => isoTimeSql(col(t, 'end')), dateTime()),
  jsonColumn(
    'schema',
    'schema',
    (p) => p.schema,
    open({ currencies: arrayOf(open({ currency: string(), amount: integer(), percentage: { type: 'number' } }, ['currency'])), targets: arrayOf(string()), percent: { type: 'number' } }),
  ),
  jsonColumn('min_cart_value', 'min_cart_value', (p) => p.minCartValue, arrayOf(amountInCurrency)),
  nested('meta', wireFormat<Promotion>()([timestampsMember()])),
]);

/** A code of a promotion; `uses` is how many uses are left, `max_uses` the limit (both absent when unlimited). */
export const PROMOTION_CODE_WIRE = wireFormat<PromotionCode>()([
  constant('type', 'promotion_code'),
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  field('code', 'code', string(), { filter: ['eq'] }),
  field('consume_unit', 'consumeUnit', oneOfStrings(['per_cart', 'per_item'])),
  when(
    computed('uses', (c) => (c.maxUses ?? 0) - c.used, (t) => Prisma.sql`(${col(t, 'max_uses')} - ${col(t, 'used')})::text`, integer({ minimum: 0 })),
    (c) => c.maxUses !== null,
    (t) => Prisma.sql`${col(t, 'max_uses')} IS NOT NULL`,
  ),
  when(
    computed('max_uses', (c) => c.maxUses ?? 0, (t) => Prisma.sql`${col(t, 'max_uses')}::text`, integer({ minimum: 1 })),
    (c) => c.maxUses !== null,
    (t) => Prisma.sql`${col(t, 'max_uses')} IS NOT NULL`,
  ),
  computed('times_used', (c) => c.used, (t) => Prisma.sql`${col(t, 'used')}::text`, integer({ minimum: 0 })),
  nested(
    'meta',
    wireFormat<PromotionCode>()([
      computed('timestamps', (c) => ({ created_at: c.createdAt.toISOString() }), (t) => Prisma.sql`'{"created_at":' || ${isoTimeSql(col(t, 'created_at'))} || '}'`, closed({ created_at: dateTime() })),
    ]),
  ),
]);
