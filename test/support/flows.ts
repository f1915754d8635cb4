import { randomUUID } from 'node:crypto';
import { createOrder, createProduct, type OrderFactoryOptions } from './factories';
import type { TestApp } from './test-app';

/**
 * Flows through the API, for tests that need an order in a given payment state as the product leaves it
 * (events and all), not rows inserted underneath it (see factories.ts for those).
 */

export const CHECKOUT_CUSTOMER = { name: 'Ron Swanson', email: 'ron@example.com' };
export const CHECKOUT_BILLING = { first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny St', postcode: 'NE1 6UF', county: 'Tyne & Wear', country: 'GB' };

/** A storefront cart with one live product of `amount` (USD), checked out: the new order (incomplete, unpaid). */
export async function checkedOutOrder(t: TestApp, amount = 1000) {
  const product = await createProduct(t.prisma, { amount });
  const ref = `cart-${randomUUID()}`;
  const item = await t.http.post(`/v2/carts/${ref}/items`).set(t.storefront).send({ data: { type: 'cart_item', id: product.id, quantity: 1 } });
  expect(item.status).toBe(201);
  const res = await t.http.post(`/v2/carts/${ref}/checkout`).set(t.storefront).send({ data: { customer: CHECKOUT_CUSTOMER, billing_address: CHECKOUT_BILLING } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; [k: string]: any };
}

/** `POST /v2/orders/:id/payments` with the manual gateway; 200 asserted; the transaction. */
export async function payManually(t: TestApp, orderId: string, method: 'authorize' | 'purchase', amount?: number) {
  const res = await t.http
    .post(`/v2/orders/${orderId}/payments`)
    .set(t.admin)
    .send({ data: { gateway: 'manual', method, ...(amount === undefined ? {} : { amount }) } });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; status: string; transaction_type: string; [k: string]: any };
}

/** An order (inserted, unpaid) authorized in full through the API: the order id and its authorize transaction. */
export async function authorizedOrder(t: TestApp, opts: OrderFactoryOptions = {}) {
  const order = await createOrder(t, opts);
  const transaction = await payManually(t, order.id, 'authorize');
  return { order, transaction };
}

/** An order (inserted, unpaid) paid in full through the API (a manual purchase). */
export async function paidOrder(t: TestApp, opts: OrderFactoryOptions = {}) {
  const order = await createOrder(t, opts);
  const transaction = await payManually(t, order.id, 'purchase');
  return { order, transaction };
}

/** A new customer with a password, signed in: their id, customer token, and the storefront headers that carry it. */
export async function signedInShopper(t: TestApp, name: string) {
  const email = `${name}-${randomUUID()}@example.com`;
  const password = `password-${randomUUID()}`;
  const created = await t.http.post('/v2/customers').set(t.admin).send({ data: { type: 'customer', name, email, password } });
  if (created.status !== 201) throw new Error(`customer ${name}: ${created.status} ${created.text}`);
  const signedIn = await t.http.post('/v2/customers/tokens').set(t.storefront).send({ data: { type: 'token', authentication_mechanism: 'password', email, password } });
  if (signedIn.status !== 200) throw new Error(`customer token for ${name}: ${signedIn.status} ${signedIn.text}`);
  const token = signedIn.body.data.token as string;
  return { id: created.body.data.id as string, token, headers: { ...t.storefront, 'X-Moltin-Customer-Token': token } };
}
