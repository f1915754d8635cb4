import { useStorefront } from '../support/storefront';
import type { TestApp } from '../support/test-app';
import { createProduct } from '../support/factories';
import { expectErrorDocument } from '../support/documents';

const ADDRESS = { first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny St', postcode: 'NE1 6UF', county: 'Tyne & Wear', country: 'GB' };
const SHIPPING = { name: 'Standard shipping', sku: 'shipping-standard', description: 'Three to five days', quantity: 1, price: { amount: 495, includes_tax: true } };

/** `Cart.AddCustomItem`: a line named and priced by the client (how storefronts add shipping before checkout). */
describe('Cart: custom items', () => {
  const shop = useStorefront();
  let t: TestApp;
  let ep: any;
  beforeAll(() => {
    ({ t, sdk: ep } = shop);
  });

  it('totals a product and a custom item and checks out with both, taking stock only for the product', async () => {
    const product = await createProduct(t, { amount: 2000, manageStock: true, stockLevel: 5 });
    const cart = shop.cart('custom');
    await cart.AddProduct(product.id, 2);
    const added = await cart.AddCustomItem({ ...SHIPPING });

    const custom = added.data.find((i: any) => i.type === 'custom_item');
    expect(custom).toMatchObject({
      type: 'custom_item',
      name: 'Standard shipping',
      sku: 'shipping-standard',
      description: 'Three to five days',
      quantity: 1,
      manage_stock: false,
      unit_price: { amount: 495, currency: 'USD', includes_tax: true },
      value: { amount: 495, currency: 'USD', includes_tax: true },
      links: {},
    });
    expect(custom).not.toHaveProperty('product_id');
    expect(added.meta.display_price.with_tax).toMatchObject({ amount: 4495, currency: 'USD', formatted: '$44.95' });
    const fetched = (await cart.Get()).data;
    expect(fetched.meta.display_price.with_tax.amount).toBe(4495);
    expect(fetched.relationships.items.data.map((i: any) => i.type).sort()).toEqual(['cart_item', 'custom_item']);

    const order = await cart.Checkout({ name: 'Ron Swanson', email: 'ron@example.com' }, ADDRESS);
    expect(order.data.meta.display_price.with_tax.amount).toBe(4495);
    const lines = order.included.items;
    expect(lines).toHaveLength(2);
    expect(lines.find((l: any) => l.sku === 'shipping-standard')).toMatchObject({ type: 'order_item', name: 'Standard shipping', quantity: 1, unit_price: { amount: 495 } });
    expect(lines.find((l: any) => l.sku === 'shipping-standard')).not.toHaveProperty('product_id');
    expect(lines.find((l: any) => l.product_id === product.id)).toMatchObject({ quantity: 2 });
    const read = await t.http.get(`/v2/products/${product.id}`).set(t.admin);
    expect(read.body.data.meta.stock.level).toBe(3);
  });

  it('adds to the quantity of a custom item with the same SKU', async () => {
    const cart = shop.cart('custom-same');
    await cart.AddCustomItem({ ...SHIPPING });
    const again = await cart.AddCustomItem({ ...SHIPPING, quantity: 2, price: { amount: 500 } });
    expect(again.data).toHaveLength(1);
    expect(again.data[0]).toMatchObject({ quantity: 3, unit_price: { amount: 500 } });
    expect(again.meta.display_price.with_tax.amount).toBe(1500);
  });

  it('refuses a custom item without a name, SKU, quantity or price (400 naming the field)', async () => {
    const post = (data: object) => t.http.post(`/v2/carts/custom-bad/items`).set(t.storefront).send({ data: { type: 'custom_item', ...data } });
    const { name: _n, ...noName } = SHIPPING;
    expectErrorDocument(await post(noName), 400, { source: 'data.name' });
    expectErrorDocument(await post({ ...SHIPPING, price: undefined }), 400, { source: 'data.price' });
    expectErrorDocument(await post({ ...SHIPPING, price: { amount: -1 } }), 400, { source: 'data.price.amount' });
    expectErrorDocument(await post({ ...SHIPPING, quantity: 0 }), 400, { source: 'data.quantity' });
    expectErrorDocument(await post({ ...SHIPPING, type: 'bundle_item' }), 400, { source: 'data.type' });
  });
});
