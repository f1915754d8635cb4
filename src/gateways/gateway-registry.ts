import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { GATEWAY_FIELDS, GatewayDefinition } from './gateway-definition';
import type { PaymentGatewayProvider } from './payment-gateway';
import { GATEWAY_DEFINITION } from './payment-gateway.decorator';

export interface RegisteredGateway {
  definition: GatewayDefinition;
  provider: PaymentGatewayProvider;
}

/**
 * The payment gateways of this app: every provider decorated with `@PaymentGateway`, found at start. A
 * definition that could not work (a name taken twice, a field `PUT /v2/gateways` does not accept) stops the start.
 */
@Injectable()
export class GatewayRegistry implements OnModuleInit {
  /** Slugs and aliases → the gateway, slugs first in registration order. */
  private readonly byName = new Map<string, RegisteredGateway & { owner: string }>();
  private readonly slugs: RegisteredGateway[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: GATEWAY_DEFINITION.KEY })) {
      const definition = this.discovery.getMetadataByDecorator(GATEWAY_DEFINITION, wrapper)!;
      const owner = String(wrapper.name);
      if (!wrapper.isDependencyTreeStatic()) throw new Error(`The payment gateway ${owner} must be a singleton provider`);
      this.register(definition, wrapper.instance as PaymentGatewayProvider, owner);
    }
  }

  /** Every gateway, in registration order. */
  get definitions(): GatewayDefinition[] {
    return this.slugs.map((g) => g.definition);
  }

  /** Every name a payment may give: the slugs, then the aliases. */
  get paymentNames(): string[] {
    const slugs = this.definitions.map((d) => d.slug);
    return [...slugs, ...[...this.byName.keys()].filter((name) => !slugs.includes(name))];
  }

  /** The gateway a slug or an alias names. */
  find(name: string): RegisteredGateway | undefined {
    return this.byName.get(name);
  }

  private register(definition: GatewayDefinition, provider: PaymentGatewayProvider, owner: string) {
    if (typeof provider?.connect !== 'function') throw new Error(`The payment gateway ${owner} has no connect(credentials) method`);
    for (const field of [...Object.keys(definition.settings), ...definition.credentials]) {
      if (!(GATEWAY_FIELDS as readonly string[]).includes(field)) {
        throw new Error(`The payment gateway ${definition.slug} (${owner}) takes ${field}, which PUT /v2/gateways does not accept (${GATEWAY_FIELDS.join(', ')})`);
      }
    }
    const gateway = { definition, provider, owner };
    for (const name of [definition.slug, ...(definition.aliases ?? [])]) {
      const taken = this.byName.get(name);
      if (taken) throw new Error(`Two payment gateways are named ${name}: ${taken.owner} and ${owner}`);
      this.byName.set(name, gateway);
    }
    this.slugs.push(gateway);
  }
}
