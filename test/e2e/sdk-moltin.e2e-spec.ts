import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const moltin = require('@moltin/sdk');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const elasticpath = require('@elasticpath/js-sdk');

const ADDRESS = { first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny St', postcode: 'NE1 6UF', county: 'Tyne & Wear', country: 'GB' };

/**
 * The older `@moltin/sdk` package, unchanged, and parallel calls of either SDK right after it authenticates
 * (storefronts do `Promise.all` on page load): every call must be answered.
 */
describe.each([
  ['@moltin/sdk', moltin],
  ['@elasticpath/js-sdk', elasticpath],
])('SDK %s: parallel calls and the payment flow', (_name, sdk) => {
  let t: TestApp;
  let client: any;
  beforeAll(async () => {
    t = await createTestApp();
    client = sdk.gateway({ client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET, host: t.host, protocol: 'http', storage: new sdk.MemoryStorageFactory() });
    await client.Authenticate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers many parallel calls made with a fresh token', async () => {
    const calls = Array.from({ length: 4 }, () => [client.Products.All(), client.Categories.All(), client.Integrations.All(), client.Settings.All()]).flat();
    // A call left unanswered fails the test at Jest's timeout.
    const results = await Promise.all(calls);
    expect(results).toHaveLength(16);
    for (const r of results as any[]) expect(r.data).toBeDefined();
  });

  it('checks out, authorizes, captures, refunds and lists the transactions', async () => {
    const product = (
      await client.Products.Create({
        name: 'Boot',
        slug: `boot-${Date.now()}`,
        sku: `BOOT-${Date.now()}`,
        description: 'A boot',
        manage_stock: false,
        status: 'live',
        commodity_type: 'physical',
        price: [{ amount: 40000, currency: 'USD', includes_tax: true }],
      })
    ).data;
    const cart = client.Cart(`cart-${Date.now()}`);
    await cart.AddProduct(product.id, 2);
    const order = (await cart.Checkout({ name: 'Ron Swanson', email: 'ron@example.com' }, ADDRESS)).data;
    expect(order).toMatchObject({ type: 'order', payment: 'unpaid', status: 'incomplete' });

    const authorization = (await client.Orders.Payment(order.id, { gateway: 'manual', method: 'authorize' })).data;
    expect(authorization).toMatchObject({ type: 'transaction', transaction_type: 'authorize', status: 'complete', amount: 80000, gateway: 'manual' });

    const captured = (await client.Transactions.Capture({ order: order.id, transaction: authorization.id })).data;
    expect(captured).toMatchObject({ id: authorization.id, transaction_type: 'capture', status: 'complete' });
    expect((await client.Orders.Get(order.id)).data.payment).toBe('paid');

    const refunded = (await client.Transactions.Refund({ order: order.id, transaction: authorization.id })).data;
    expect(refunded).toMatchObject({ id: authorization.id, transaction_type: 'refund', status: 'complete' });
    expect(refunded.meta.display_price.formatted).toBe('$800.00');

    const all = await client.Transactions.All({ order: order.id });
    expect(all.data.map((x: any) => x.id)).toEqual([authorization.id]);
    expect(all.meta.results.total).toBe(1);
    expect((await client.Orders.Get(order.id)).data.payment).toBe('refunded');
  });
});
