import { createProduct } from '../support/factories';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

/** The official JS SDK, unchanged: cart, checkout and orders. */
describe('SDK: Cart, Checkout and Orders', () => {
  let t: TestApp;
  let ep: any;
  beforeAll(async () => {
    t = await createTestApp();
    ep = sdkFor(t);
    await ep.Authenticate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a product, reads the items, checks out and reads the order back', async () => {
    const product = await createProduct(t.prisma, { amount: 1999, name: 'SDK Tee' });
    const added = await ep.Cart('mycart').AddProduct(product.id, 2);
    expect(added.data[0]).toMatchObject({ type: 'cart_item', product_id: product.id, quantity: 2 });

    const items = await ep.Cart('mycart').Items();
    expect(items.data).toHaveLength(1);
    expect(items.meta.display_price.with_tax.amount).toBe(3998);
    expect(items.meta).toMatchObject({ page: { limit: 100, offset: 0, current: 1, total: 1 }, results: { total: 1 } });

    const cart = await ep.Cart('mycart').Get();
    expect(cart.data).toMatchObject({ type: 'cart', id: 'mycart' });

    const billing = { first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny St', postcode: 'NE1 6UF', county: 'Tyne & Wear', country: 'GB' };
    const order = await ep.Cart('mycart').Checkout({ name: 'Ron Swanson', email: 'ron@example.com' }, billing);
    expect(order.data).toMatchObject({ type: 'order', status: 'incomplete', payment: 'unpaid', shipping: 'unfulfilled', shipping_address: billing });
    expect(order.included.items).toHaveLength(1);
    const id = order.data.id;

    const got = await ep.Orders.Get(id);
    expect(got.data).toMatchObject({ id, customer: { name: 'Ron Swanson', email: 'ron@example.com' } });
    expect(got.data.meta.display_price.with_tax.amount).toBe(3998);

    const withItems = await ep.Orders.With('items').Get(id);
    expect(withItems.included.items).toHaveLength(1);
    expect(withItems.included.items[0]).toMatchObject({ product_id: product.id, quantity: 2, name: 'SDK Tee' });

    const all = await ep.Orders.All();
    expect(all.data.map((o: any) => o.id)).toContain(id);
    expect(all.meta.results.total).toBe(1);

    const items2 = await ep.Orders.Items(id);
    expect(items2.data).toHaveLength(1);
    expect(items2.meta.results.total).toBe(1);
  });

  it('manages accounts through the SDK', async () => {
    const created = await ep.Accounts.Create({ name: 'SDK Co', legal_name: 'SDK Co Ltd' });
    expect(created.data).toMatchObject({ type: 'account', name: 'SDK Co' });
    const got = await ep.Accounts.Get(created.data.id);
    expect(got.data.legal_name).toBe('SDK Co Ltd');
    const updated = await ep.Accounts.Update(created.data.id, { name: 'SDK Co 2' });
    expect(updated.data.name).toBe('SDK Co 2');
    const all = await ep.Accounts.All();
    expect(all.data.map((a: any) => a.id)).toContain(created.data.id);
    await ep.Accounts.Delete(created.data.id);
    expect(await t.prisma.account.count()).toBe(0);
  });
});
