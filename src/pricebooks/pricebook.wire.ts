import { Prisma, type PriceBook } from '../generated/prisma/client';
import { string, uuid } from '../common/openapi/json-schema';
import { col, constant, field, nested, when, wireFormat } from '../common/wire/wire-format';
import { pxmTimes } from '../pxm/hierarchies/hierarchy.wire';

/** A nullable text column: shown when set, left out when NULL. */
export function optionalText<Row, K extends string, F extends keyof Row & string>(key: K, rowField: F, column: string) {
  return when(
    field<Row, void, K, F>(key, rowField, string()),
    (row) => row[rowField] !== null,
    (t) => Prisma.sql`${col(t, column)} IS NOT NULL`,
  );
}

const ATTRIBUTES = wireFormat<PriceBook>()([
  field('name', 'name', string()),
  optionalText<PriceBook, 'description', 'description'>('description', 'description', 'description'),
  optionalText<PriceBook, 'external_ref', 'externalRef'>('external_ref', 'externalRef', 'external_ref'),
  ...pxmTimes<PriceBook, void>(),
]);

/** A price book as `/pcm/pricebooks` answers it. */
export const PRICEBOOK_WIRE = wireFormat<PriceBook>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'pricebook'),
  nested('attributes', ATTRIBUTES),
  nested('meta', wireFormat<PriceBook>()([constant('owner', 'store')])),
]);

