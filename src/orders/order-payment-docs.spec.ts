import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_PAYMENT_STATUSES } from './order-payment-lifecycle';

/** Elastic Path's order `payment` values (its Carts, Orders and Checkout API reference): there is no partially refunded. */
const ELASTIC_PATH_ORDER_PAYMENTS = ['unpaid', 'authorized', 'paid', 'refunded', 'partially_paid', 'partially_authorized'];

describe('order payment values', () => {
  it('are exactly Elastic Path’s', () => {
    expect([...ORDER_PAYMENT_STATUSES].sort()).toEqual([...ELASTIC_PATH_ORDER_PAYMENTS].sort());
  });

  it('are the ones docs/api.md lists for an order', () => {
    const api = readFileSync(join(__dirname, '../../docs/api.md'), 'utf8');
    const orders = api.slice(api.indexOf('## Orders'));
    const sentence = orders.slice(orders.indexOf('payment `'), orders.indexOf('; shipping'));
    const listed = [...sentence.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1].split('→').map((v) => v.trim()));
    expect([...new Set(listed)].sort()).toEqual([...ELASTIC_PATH_ORDER_PAYMENTS].sort());
  });
});
