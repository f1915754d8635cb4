import { useStorefront } from '../support/storefront';
import type { TestApp } from '../support/test-app';
import { createProduct } from '../support/factories';

/** `Cart.RemoveAllItems`: `DELETE /v2/carts/:ref/items` empties the cart, which stays. */
describe('Cart: remove all items', () => {
  const shop = useStorefront();
  let t: TestApp;
  let ep: any;
  beforeAll(() => {
    ({ t, sdk: ep } = shop);
  });

  it('empties the cart; its name stays and it takes items in another currency afterwards', async () => {
    const usd = await createProduct(t, { amount: 1500 });
    const eur = await createProduct(t, { price: [{ amount: 900, currency: 'EUR', includes_tax: true }] });
    const cart = shop.cart('clear');
    await cart.UpdateCart({ name: 'Wish list' });
    await cart.AddProduct(usd.id, 2);
    await cart.AddCustomItem({ name: 'Gift wrap', sku: 'gift-wrap', quantity: 1, price: { amount: 300 } });
    expect((await cart.Items()).data).toHaveLength(2);

    await cart.RemoveAllItems();

    const items = await cart.Items();
    expect(items.data).toEqual([]);
    expect(items.meta.display_price.with_tax.amount).toBe(0);
    expect((await cart.Get()).data).toMatchObject({ name: 'Wish list', relationships: { items: { data: [] } } });
    const added = await cart.AddProduct(eur.id, 1);
    expect(added.meta.display_price.with_tax).toMatchObject({ amount: 900, currency: 'EUR' });
  });

  it('answers 204 for a cart that is already empty', async () => {
    const res = await t.http.delete(`/v2/carts/empty-${Date.now()}/items`).set(t.storefront);
    expect(res.status).toBe(204);
  });
});
