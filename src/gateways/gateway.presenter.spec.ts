import type { Gateway } from '../generated/prisma/client';
import type { GatewayDefinition } from './gateway-definition';
import { presentGateway } from './gateway.presenter';

const stripe: GatewayDefinition = { slug: 'stripe_payment_intents', name: 'Stripe Payment Intents', settings: { test: false }, credentials: ['login'] };
const manual: GatewayDefinition = { slug: 'manual', name: 'Manual', settings: {}, credentials: [] };

function row(slug: string, settings: object, credentials: object): Gateway {
  return { slug, name: slug, enabled: true, settings, credentials, createdAt: new Date(), updatedAt: new Date() } as Gateway;
}

describe('presentGateway', () => {
  it('shows the gateway and its settings, never its credentials', () => {
    const shown = presentGateway(row('stripe_payment_intents', { test: true }, { login: 'sk_live_secret' }), stripe);
    expect(shown).toEqual({ type: 'gateway', name: 'stripe_payment_intents', slug: 'stripe_payment_intents', enabled: true, test: true });
  });

  it('shows only the settings the gateway takes, even if others were stored', () => {
    expect(presentGateway(row('manual', { test: true, login: 'x' }, {}), manual)).toEqual({ type: 'gateway', name: 'manual', slug: 'manual', enabled: true });
  });
});
