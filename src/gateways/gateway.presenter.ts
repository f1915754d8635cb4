import type { Gateway } from '../generated/prisma/client';
import type { GatewayDefinition } from './gateway-definition';

/**
 * A gateway as Elastic Path shows it: `type`, `name`, `slug`, `enabled` and the gateway's own settings.
 * Credentials are never part of it (they stay in the row's `credentials` column).
 */
export function presentGateway(row: Gateway, definition: GatewayDefinition) {
  const settings = (row.settings ?? {}) as Record<string, unknown>;
  const shown: Record<string, unknown> = {};
  for (const key of Object.keys(definition.settings)) {
    if (settings[key] !== undefined) shown[key] = settings[key];
  }
  return { type: 'gateway', name: row.name, slug: row.slug, enabled: row.enabled, ...shown };
}
