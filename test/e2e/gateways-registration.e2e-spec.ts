import { Module } from '@nestjs/common';
import type {
  GatewayConnection,
  GatewayOperation,
  GatewayOutcome,
  GatewayPaymentRequest,
  GatewayTransactionRef,
  PaymentGatewayProvider,
} from '../../src/gateways/payment-gateway';
import { PaymentGatewayError } from '../../src/gateways/payment-gateway';
import { PaymentGateway } from '../../src/gateways/payment-gateway.decorator';
import { GatewaysService } from '../../src/gateways/gateways.service';
import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/** A gateway of a module of its own: it records each payment and moves no money. */
@PaymentGateway({ slug: 'test_ledger', name: 'Test Ledger', settings: { test: true }, credentials: ['login'] })
class TestLedgerGateway implements GatewayConnection, PaymentGatewayProvider {
  readonly label = 'Test Ledger';
  readonly paymentIntents = false;
  readonly payments: GatewayPaymentRequest[] = [];
  readonly logins: (string | undefined)[] = [];

  connect(credentials: Record<string, string>): GatewayConnection {
    this.logins.push(credentials.login);
    return this;
  }

  supports(operation: GatewayOperation): boolean {
    return operation !== 'confirm' && operation !== 'cancel';
  }

  async authorize(request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    this.payments.push(request);
    return { status: 'complete', reference: `ledger-${request.transactionId}` };
  }

  purchase(request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return this.authorize(request);
  }

  async capture(transaction: GatewayTransactionRef): Promise<GatewayOutcome> {
    return { status: 'complete', reference: transaction.reference };
  }

  async refund(transaction: GatewayTransactionRef): Promise<{ reference: string }> {
    return { reference: transaction.reference };
  }

  async confirm(): Promise<GatewayOutcome> {
    throw new PaymentGatewayError('declined', 'The test ledger confirms nothing');
  }

  async cancel(): Promise<GatewayOutcome> {
    throw new PaymentGatewayError('declined', 'The test ledger cancels nothing');
  }
}

@Module({ providers: [TestLedgerGateway] })
class TestLedgerModule {}

/** A gateway registered by a module of its own, with no edit to the gateways or transactions code. */
describe('Payment gateways: registration', () => {
  let t: TestApp;
  let ledger: TestLedgerGateway;
  beforeAll(async () => {
    t = await createTestApp({ imports: [TestLedgerModule] });
    ledger = t.app.get(TestLedgerGateway);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is listed and configured through /v2/gateways, its row created at start', async () => {
    const list = await t.http.get('/v2/gateways').set(t.admin);
    expect(list.status).toBe(200);
    expect(list.body.data.map((g: any) => g.slug).sort()).toEqual(['elastic_path_payments_stripe', 'manual', 'stripe_payment_intents', 'test_ledger']);
    expect(list.body.data.find((g: any) => g.slug === 'test_ledger')).toEqual({ type: 'gateway', name: 'Test Ledger', slug: 'test_ledger', enabled: true, test: true });

    const put = await t.http
      .put('/v2/gateways/test_ledger')
      .set(t.admin)
      .send({ data: { type: 'gateway', test: false, login: 'ledger-key' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ type: 'gateway', name: 'Test Ledger', slug: 'test_ledger', enabled: true, test: false });
    const refused = await t.http.put('/v2/gateways/test_ledger').set(t.admin).send({ data: { stripe_account: 'acct_x' } });
    expect(refused.status).toBe(422);
  });

  it('takes a payment, connected with its stored credentials', async () => {
    const o = await createOrder(t.prisma, { withTax: 2500 });
    const res = await t.http.post(`/v2/orders/${o.id}/payments`).set(t.admin).send({ data: { gateway: 'test_ledger', method: 'purchase' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'transaction', gateway: 'test_ledger', status: 'complete', amount: 2500 });
    expect(ledger.payments.at(-1)).toMatchObject({ method: 'purchase', amount: 2500, orderId: o.id, transactionId: res.body.data.id });
    expect(ledger.logins.at(-1)).toBe('ledger-key');
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } })).payment).toBe('paid');
  });

  it('is among the names a payment may give, in the same error as ever', async () => {
    const o = await createOrder(t.prisma, { withTax: 2500 });
    const res = await t.http.post(`/v2/orders/${o.id}/payments`).set(t.admin).send({ data: { gateway: 'bitcoin', method: 'purchase' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        status: 400,
        title: 'Bad Request',
        detail: 'data.gateway must be one of: manual, stripe_payment_intents, elastic_path_payments_stripe, test_ledger, card_payment_intents',
        source: 'data.gateway',
      },
    ]);
  });

  it('keeps a stored row as it is when replicas start together', async () => {
    await t.http.put('/v2/gateways/test_ledger').set(t.admin).send({ data: { enabled: false } }).expect(200);
    const gateways = t.app.get(GatewaysService);
    await Promise.all([gateways.onApplicationBootstrap(), gateways.onApplicationBootstrap(), gateways.onApplicationBootstrap()]);
    expect(await t.prisma.gateway.findUniqueOrThrow({ where: { slug: 'test_ledger' } })).toMatchObject({ enabled: false, settings: { test: false } });
    expect(await t.prisma.gateway.count()).toBe(4);
  });
});
