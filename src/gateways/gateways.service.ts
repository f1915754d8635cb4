import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { pageOf, PageParams } from '../common/list-query';
import { EventsPublisher } from '../events/events.publisher';
import type { Gateway, Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { UpdateGatewayDto } from './dto/update-gateway.dto';
import { GATEWAY_FIELDS, GatewayDefinition } from './gateway-definition';
import { presentGateway } from './gateway.presenter';
import { GatewayRegistry, RegisteredGateway } from './gateway-registry';
import { GatewaysRepository } from './gateways.repository';

type JsonObject = Record<string, unknown>;

/** An enabled gateway and its write-only credentials, for the payment code only (never presented). */
export interface EnabledGateway {
  definition: GatewayDefinition;
  credentials: Record<string, string>;
}

@Injectable()
export class GatewaysService implements OnApplicationBootstrap {
  constructor(
    private readonly registry: GatewayRegistry,
    private readonly gateways: GatewaysRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  /** A registered gateway gets its row (enabled) at the first start that knows it. */
  async onApplicationBootstrap() {
    await this.gateways.createMissing(this.registry.definitions);
  }

  /** Every gateway, as a page like every collection (all of them unless the client pages). */
  async list(q: PageParams) {
    const rows = await this.gateways.list(this.registry.definitions.map((d) => d.slug));
    return pageOf(rows.map((row) => presentGateway(row, this.registry.find(row.slug)!.definition)), q);
  }

  async get(slug: string) {
    return presentGateway(await this.require(slug), this.definition(slug));
  }

  async update(slug: string, dto: UpdateGatewayDto) {
    const definition = this.definition(slug);
    const settingFields = Object.keys(definition.settings);
    for (const field of GATEWAY_FIELDS) {
      if (dto[field] !== undefined && !settingFields.includes(field) && !definition.credentials.includes(field)) {
        throw new UnprocessableError('Unsupported gateway setting', `The ${definition.name} gateway does not take ${field}`, `data.${field}`);
      }
    }
    return this.prisma.$transaction(async (tx) => {
      await this.gateways.lock(definition.slug, tx);
      const row = await this.require(definition.slug, tx);
      const settings = { ...(row.settings as JsonObject), ...pick(dto, settingFields) };
      const credentials = { ...(row.credentials as JsonObject), ...pick(dto, definition.credentials) };
      const enabled = dto.enabled ?? row.enabled;
      const changed =
        enabled !== row.enabled || !sameJson(settings, row.settings as JsonObject) || !sameJson(credentials, row.credentials as JsonObject);
      if (!changed) return presentGateway(row, definition);
      const updated = await this.gateways.update(
        definition.slug,
        { enabled, settings: settings as Prisma.InputJsonObject, credentials: credentials as Prisma.InputJsonObject },
        tx,
      );
      const presented = presentGateway(updated, definition);
      await this.events.publish(tx, 'payment-gateway.updated', { data: presented });
      return presented;
    });
  }

  /**
   * The gateway a payment names (`card_payment_intents` means `stripe_payment_intents`), refused with 422 when
   * it is disabled. Payments, confirms, captures and refunds call this before they reach the gateway.
   */
  async requireEnabled(name: string): Promise<EnabledGateway> {
    const { definition } = this.registered(name);
    const row = await this.gateways.find(definition.slug);
    if (!row?.enabled) {
      throw new UnprocessableError(
        'Gateway not enabled',
        `The ${definition.name} gateway (${definition.slug}) is disabled; enable it with PUT /v2/gateways/${definition.slug}`,
        'data.gateway',
      );
    }
    return { definition, credentials: row.credentials as Record<string, string> };
  }

  /** The registered gateway a payment names (a slug or an alias); 422 when there is none. */
  registered(name: string): RegisteredGateway {
    const gateway = this.registry.find(name);
    if (!gateway) throw new UnprocessableError('Unknown gateway', `There is no payment gateway named ${name}`, 'data.gateway');
    return gateway;
  }

  /** The stored credentials of a gateway whether or not it is enabled (a cancellation may still release funds). */
  async credentials(name: string): Promise<Record<string, string>> {
    const definition = this.registry.find(name)?.definition;
    const row = definition ? await this.gateways.find(definition.slug) : null;
    return (row?.credentials ?? {}) as Record<string, string>;
  }

  /** A gateway by its exact slug; the aliases a payment may use are not gateways of their own. */
  private definition(slug: string): GatewayDefinition {
    const definition = this.registry.find(slug)?.definition;
    if (definition?.slug !== slug) throw new NotFoundError('Gateway');
    return definition;
  }

  private async require(slug: string, db?: Db): Promise<Gateway> {
    const row = await this.gateways.find(this.definition(slug).slug, db);
    if (!row) throw new NotFoundError('Gateway');
    return row;
  }
}

function pick(dto: UpdateGatewayDto, fields: readonly string[]): JsonObject {
  const values = dto as unknown as JsonObject;
  return Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
}

function sameJson(a: JsonObject, b: JsonObject): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}
