import { Prisma, type Currency } from '../generated/prisma/client';
import { boolean, constant as constantSchema, integer, number, string, uuid } from '../common/openapi/json-schema';
import { ref } from '../common/openapi/json-schema';
import { WIRE } from '../common/openapi/wire-schemas';
import { col, computed, constant, field, nested, timestampsMember, wireFormat } from '../common/wire/wire-format';

/** Links are absolute: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface CurrencyWireContext {
  linkBase: string;
}

/** A store currency as `/v2/currencies` answers it. */
export const CURRENCY_WIRE = wireFormat<Currency, CurrencyWireContext>()([
  constant('type', 'currency'),
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  field('code', 'code', string({ pattern: '^[A-Z]{3}$' }), { filter: ['eq', 'in'], sortable: true }),
  field('exchange_rate', 'exchangeRate', number({ minimum: 0 })),
  field('format', 'format', string()),
  field('decimal_point', 'decimalPoint', string()),
  field('thousand_separator', 'thousandSeparator', string()),
  field('decimal_places', 'decimalPlaces', integer({ minimum: 0 })),
  computed('default', (row) => row.isDefault === true, (t) => Prisma.sql`(${col(t, 'is_default')} IS TRUE)::text`, boolean()),
  field('enabled', 'enabled', boolean(), { filter: ['eq'] }),
  computed(
    'links',
    (row, ctx) => ({ self: `${ctx.linkBase}/v2/currencies/${row.id}` }),
    (t, ctx) => Prisma.sql`'{"self":' || to_json(${ctx.linkBase}::text || '/v2/currencies/' || ${col(t, 'id')}::text)::text || '}'`,
    ref(WIRE.SelfLink),
  ),
  nested('meta', wireFormat<Currency, CurrencyWireContext>()([timestampsMember(), constant('owner', 'store')])),
]);

export const CURRENCY_OWNER_SCHEMA = constantSchema('store');
