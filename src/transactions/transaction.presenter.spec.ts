import type { Transaction } from '../generated/prisma/client';
import { requestHash } from './idempotency/idempotency.interceptor';
import { presentTransaction, presentTransactionWithClientSecret, transactionEventPayload } from './transaction.presenter';

const row = (over: Partial<Transaction> = {}): Transaction => ({
  id: '7f0c1a52-0d5e-4a4e-9d1e-5a0f3c2b1a00',
  orderId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  gateway: 'manual',
  reference: 'manual',
  customReference: null,
  name: null,
  amount: 40000,
  refundedAmount: 0,
  refundMechanism: null,
  capturedAmount: 0,
  currency: 'USD',
  transactionType: 'authorize',
  status: 'complete',
  paymentIntentId: null,
  clientSecret: null,
  paymentIntentStatus: null,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-01T00:00:01.000Z'),
  ...over,
});

describe('presentTransaction', () => {
  it('matches Elastic Path\'s transaction object and its legacy keys: transaction-type and meta.created_at beside the regular keys', () => {
    expect(presentTransaction(row())).toEqual({
      id: '7f0c1a52-0d5e-4a4e-9d1e-5a0f3c2b1a00',
      type: 'transaction',
      reference: 'manual',
      gateway: 'manual',
      amount: 40000,
      refunded_amount: 0,
      currency: 'USD',
      transaction_type: 'authorize',
      'transaction-type': 'authorize',
      status: 'complete',
      relationships: { order: { data: { type: 'order', id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' } } },
      meta: {
        display_price: { amount: 40000, currency: 'USD', formatted: '$400.00' },
        display_refunded_amount: { total: { amount: 0, currency: 'USD', formatted: '$0.00' } },
        timestamps: { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:01.000Z' },
        created_at: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('shows name, custom_reference and refund_mechanism only when set, and never the payment intent', () => {
    const out = presentTransaction(
      row({ name: 'card', customReference: 'ref', refundMechanism: 'manual', paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', paymentIntentStatus: 'requires_action' }),
    );
    expect(out).toMatchObject({ name: 'card', custom_reference: 'ref', refund_mechanism: 'manual' });
    expect(out).not.toHaveProperty('payment_intent');
    expect(out).not.toHaveProperty('client_parameters');
  });

  it('with the client secret: payment_intent and client_parameters for a payment-intents transaction only', () => {
    const intent = row({ gateway: 'card_payment_intents', reference: 'pi_1', paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', paymentIntentStatus: 'requires_action' });
    expect(presentTransactionWithClientSecret(intent)).toMatchObject({
      payment_intent: { id: 'pi_1', client_secret: 'pi_1_secret_x', status: 'requires_action' },
      client_parameters: { token: 'pi_1', secret: 'pi_1_secret_x' },
    });
    expect(presentTransactionWithClientSecret(row())).toEqual(presentTransaction(row()));
  });

  it('webhook payloads carry the payment intent id and status, never the client secret', () => {
    const intent = row({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', paymentIntentStatus: 'succeeded' });
    const { data } = transactionEventPayload(intent);
    expect(data).toMatchObject({ payment_intent: { id: 'pi_1', status: 'succeeded' }, client_parameters: { token: 'pi_1' } });
    expect(JSON.stringify(data)).not.toContain('secret_x');
  });

  it('formats zero-decimal currencies', () => {
    expect((presentTransaction(row({ currency: 'JPY', amount: 500 })).meta as any).display_price.formatted).toBe('¥500');
  });
});

describe('idempotency request hash', () => {
  it('ignores key order and treats a missing body as {"data":{}}', () => {
    expect(requestHash({ data: { a: 1, b: 2 } })).toBe(requestHash({ data: { b: 2, a: 1 } }));
    expect(requestHash(undefined)).toBe(requestHash({ data: {} }));
    expect(requestHash({})).toBe(requestHash({ data: {} }));
    expect(requestHash({ data: { amount: 1 } })).not.toBe(requestHash({ data: { amount: 2 } }));
  });
});
