import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { GatewayDefinition } from './gateway-definition';
import { GatewayRegistry } from './gateway-registry';
import type { GatewayConnection, PaymentGatewayProvider } from './payment-gateway';
import { PaymentGateway } from './payment-gateway.decorator';

class Connects implements PaymentGatewayProvider {
  connect(): GatewayConnection {
    return {} as GatewayConnection;
  }
}

const gateway = (definition: Partial<GatewayDefinition> & { slug: string }) => {
  const definitionOf = { name: definition.slug, settings: {}, credentials: [], ...definition };
  @PaymentGateway(definitionOf)
  class Registered extends Connects {}
  Object.defineProperty(Registered, 'name', { value: `Gateway_${definition.slug}` });
  return Registered;
};

async function registry(...providers: Function[]): Promise<GatewayRegistry> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [GatewayRegistry, ...(providers as any[])] }).compile();
  await moduleRef.init();
  return moduleRef.get(GatewayRegistry);
}

describe('GatewayRegistry', () => {
  it('finds every decorated provider, by slug and by alias, slugs first among the names', async () => {
    const found = await registry(gateway({ slug: 'one', aliases: ['uno'] }), gateway({ slug: 'two' }), Connects);
    expect(found.definitions.map((d) => d.slug)).toEqual(['one', 'two']);
    expect(found.paymentNames).toEqual(['one', 'two', 'uno']);
    expect(found.find('uno')).toBe(found.find('one'));
    expect(found.find('uno')?.provider).toBeInstanceOf(Connects);
    expect(found.find('three')).toBeUndefined();
  });

  it('refuses to start with two gateways of one name, naming both', async () => {
    await expect(registry(gateway({ slug: 'one' }), gateway({ slug: 'two', aliases: ['one'] }))).rejects.toThrow(
      'Two payment gateways are named one: Gateway_one and Gateway_two',
    );
  });

  it('refuses a field that PUT /v2/gateways does not accept', async () => {
    await expect(registry(gateway({ slug: 'one', credentials: ['api_key' as never] }))).rejects.toThrow(/one \(Gateway_one\) takes api_key/);
  });

  it('refuses a provider without connect()', async () => {
    @PaymentGateway({ slug: 'bare', name: 'Bare', settings: {}, credentials: [] })
    class Bare {}
    await expect(registry(Bare)).rejects.toThrow('The payment gateway Bare has no connect(credentials) method');
  });
});
