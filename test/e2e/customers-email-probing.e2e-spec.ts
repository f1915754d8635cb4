import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';
import { EMAIL_CHANGES } from '../../src/customers/email-change.limiter';

/**
 * A shopper changing their email to another customer's address gets Elastic Path's 409, so email changes are
 * counted per customer and per address asked for: past the limit of either, 429.
 */
describe('customers: email changes by shoppers are rate limited', () => {
  let t: TestApp;
  const customers: Record<string, { id: string; token: string }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['ann', 'ben', 'cat', 'dan']) {
      const email = `${name}@example.com`;
      const created = await t.http.post('/v2/customers').set(t.admin).send({ data: { type: 'customer', name, email, password: `${name}-password-1` } }).expect(201);
      const signedIn = await t.http
        .post('/v2/customers/tokens')
        .set(t.storefront)
        .send({ data: { type: 'token', authentication_mechanism: 'password', email, password: `${name}-password-1` } })
        .expect(200);
      customers[name] = { id: created.body.data.id, token: signedIn.body.data.token };
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const changeEmail = (name: string, email: string) =>
    t.http.put(`/v2/customers/${customers[name].id}`).set(t.storefront).set('X-Moltin-Customer-Token', customers[name].token).send({ data: { type: 'customer', email } });

  it('answers 409 for a taken address until the shopper has asked too often, then 429', async () => {
    for (let i = 0; i < EMAIL_CHANGES; i++) expectErrorDocument(await changeEmail('ann', 'ben@example.com'), 409, { source: 'data.email' });
    const limited = await changeEmail('ann', 'ann.new@example.com');
    expectErrorDocument(limited, 429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts the address asked for across shoppers: another shopper probing the same address is refused too', async () => {
    expectErrorDocument(await changeEmail('cat', 'ben@example.com'), 429);
    expect((await changeEmail('cat', 'cat.new@example.com')).status).toBe(200);
  });

  it('leaves names, passwords and an administrator\'s changes unlimited', async () => {
    const asDan = () => t.http.put(`/v2/customers/${customers.dan.id}`).set(t.storefront).set('X-Moltin-Customer-Token', customers.dan.token);
    for (let i = 0; i <= EMAIL_CHANGES; i++) expect((await asDan().send({ data: { type: 'customer', name: `Dan ${i}` } })).status).toBe(200);
    for (let i = 0; i <= EMAIL_CHANGES; i++) {
      expectErrorDocument(await t.http.put(`/v2/customers/${customers.dan.id}`).set(t.admin).send({ data: { type: 'customer', email: 'ben@example.com' } }), 409);
    }
    expect((await t.http.put(`/v2/customers/${customers.dan.id}`).set(t.admin).send({ data: { type: 'customer', email: 'dan.new@example.com' } })).status).toBe(200);
  });
});
