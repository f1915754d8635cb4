import { Prisma, type Gateway } from '../generated/prisma/client';
import { boolean, string } from '../common/openapi/json-schema';
import { col, computed, constant, field, wireFormat } from '../common/wire/wire-format';
import type { GatewayDefinition } from './gateway-definition';

/** The setting `key` of the row, when the gateway's definition takes it and the row holds it. */
function setting(row: Gateway, definition: GatewayDefinition, key: keyof GatewayDefinition['settings']): unknown {
  if (!(key in definition.settings)) return undefined;
  return ((row.settings ?? {}) as Record<string, unknown>)[key];
}

/**
 * A gateway as Elastic Path shows it: `type`, `name`, `slug`, `enabled` and the gateway's own settings (those its
 * definition, the context, takes). Credentials are never part of it (they stay in the row's `credentials` column).
 */
export const GATEWAY_WIRE = wireFormat<Gateway, GatewayDefinition>()([
  constant('type', 'gateway'),
  field('name', 'name', string()),
  field('slug', 'slug', string()),
  field('enabled', 'enabled', boolean()),
  computed(
    'test',
    (row, definition) => setting(row, definition, 'test') as boolean | undefined,
    (t, definition) => ('test' in definition.settings ? Prisma.sql`(${col(t, 'settings')}->'test')::text` : Prisma.sql`NULL`),
    boolean({ description: 'Test mode (gateways that have one)' }),
    { optional: true },
  ),
]);
