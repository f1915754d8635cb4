import { createProduct } from '../support/factories';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const BILLING = { first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny St', postcode: 'NE1 6UF', county: 'Tyne & Wear', country: 'GB' };

/** The official JS SDK, unchanged: customers sign in, check out, and see only their own orders. */
describe('SDK: Customers, customer tokens and a shopper’s own orders', () => {
  let t: TestApp;
  let admin: any;
  let storefront: any;
  beforeAll(async () => {
    t = await createTestApp();
    admin = sdkFor(t);
    await admin.Authenticate();
    // A storefront holds only the client id: an implicit token.
    storefront = sdkFor(t, 'storefront');
    await storefront.Authenticate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs two shoppers in; each sees only their own orders, and the other’s order is 404', async () => {
    const ron = (await admin.Customers.Create({ type: 'customer', name: 'Ron Swanson', email: 'ron@example.com', password: 'mustache-1234' })).data;
    const leslie = (await admin.Customers.Create({ type: 'customer', name: 'Leslie Knope', email: 'leslie@example.com', password: 'waffles-1234' })).data;
    expect(ron).toMatchObject({ type: 'customer', email: 'ron@example.com' });
    expect(ron).not.toHaveProperty('password_hash');

    const ronToken = (await storefront.Customers.Token('ron@example.com', 'mustache-1234')).data;
    expect(ronToken).toMatchObject({ type: 'token', customer_id: ron.id });
    const leslieToken = (await storefront.Customers.Token('leslie@example.com', 'waffles-1234')).data;
    expect(leslieToken.customer_id).toBe(leslie.id);
    await expect(storefront.Customers.Token('ron@example.com', 'wrong-password')).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 401 })] });

    const product = await createProduct(t.prisma, { amount: 1500, name: 'Lagavulin' });
    // Ron checks out by customer id; Leslie while sending her customer token.
    await storefront.Cart('ron-cart').AddProduct(product.id, 1);
    const ronOrder = (await storefront.Cart('ron-cart').Checkout(ron.id, BILLING)).data;
    expect(ronOrder.customer).toEqual({ id: ron.id, name: 'Ron Swanson', email: 'ron@example.com' });
    await storefront.Cart('leslie-cart').AddProduct(product.id, 2);
    const leslieOrder = (
      await storefront.Cart('leslie-cart').Checkout({ name: 'Leslie Knope', email: 'leslie@example.com' }, BILLING, BILLING, { 'X-Moltin-Customer-Token': leslieToken.token })
    ).data;
    expect(leslieOrder.customer).toMatchObject({ id: leslie.id });
    // A guest's order belongs to nobody.
    await storefront.Cart('guest-cart').AddProduct(product.id, 1);
    await storefront.Cart('guest-cart').Checkout({ name: 'Guest', email: 'guest@example.com' }, BILLING);

    const ronsView = await storefront.Orders.All(ronToken.token);
    expect(ronsView.data.map((o: any) => o.id)).toEqual([ronOrder.id]);
    expect(ronsView.meta.results.total).toBe(1);
    const lesliesView = await storefront.Orders.With('items').All(leslieToken.token);
    expect(lesliesView.data.map((o: any) => o.id)).toEqual([leslieOrder.id]);
    expect(lesliesView.included.items).toHaveLength(1);

    expect((await storefront.Orders.Get(ronOrder.id, ronToken.token)).data.id).toBe(ronOrder.id);
    await expect(storefront.Orders.Get(leslieOrder.id, ronToken.token)).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 404 })] });
    await expect(storefront.Orders.Get(ronOrder.id, leslieToken.token)).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 404 })] });

    // An order's transactions too: the shopper's own, and 404 for anyone else's.
    const asRon = { ...t.storefront, 'X-Moltin-Customer-Token': ronToken.token };
    const ronsTransactions = await t.http.get(`/v2/orders/${ronOrder.id}/transactions`).set(asRon);
    expect(ronsTransactions.status).toBe(200);
    expect(ronsTransactions.body.data).toEqual([]);
    expect((await t.http.get(`/v2/orders/${leslieOrder.id}/transactions`).set(asRon)).status).toBe(404);
    expect((await t.http.get(`/v2/orders/${ronOrder.id}/transactions`).set(t.storefront)).status).toBe(403);

    // Without a customer token an implicit token still cannot read orders; a forged one is 401.
    await expect(storefront.Orders.All()).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 403 })] });
    await expect(storefront.Orders.All('forged-token')).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 401 })] });
    // The administrator still sees every order.
    expect((await admin.Orders.All()).meta.results.total).toBe(3);

    // The shopper's own record, read and updated through the SDK with the customer token.
    expect((await storefront.Customers.Get(ron.id, ronToken.token)).data.name).toBe('Ron Swanson');
    await expect(storefront.Customers.Get(leslie.id, ronToken.token)).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 404 })] });
    expect((await storefront.Customers.Update(ron.id, { name: 'Ron U. Swanson' }, ronToken.token)).data.name).toBe('Ron U. Swanson');
  });
});
