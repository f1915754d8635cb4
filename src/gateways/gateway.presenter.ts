import type { Gateway } from '../generated/prisma/client';
import type { Presented } from '../common/wire/wire-format';
import type { GatewayDefinition } from './gateway-definition';
import { GATEWAY_WIRE } from './gateway.wire';

export type PresentedGateway = Presented<typeof GATEWAY_WIRE>;

/** A gateway as Elastic Path shows it (see gateway.wire.ts): credentials are never part of it. */
export const presentGateway = (row: Gateway, definition: GatewayDefinition): PresentedGateway => GATEWAY_WIRE.present(row, definition);
