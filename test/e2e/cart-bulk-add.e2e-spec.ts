import { randomUUID } from 'node:crypto';
import { useStorefront } from '../support/storefront';
import type { TestApp } from '../support/test-app';
import { createProduct } from '../support/factories';
import { expectErrorDocument } from '../support/documents';

const GIFT_WRAP = { type: 'custom_item', name: 'Gift wrap', sku: 'gift-wrap', quantity: 1, price: { amount: 250, includes_tax: true } };

/** `Cart.BulkAdd`: an array of items in one request, all or nothing unless `options.add_all_or_nothing` is false. */
describe('Cart: bulk add', () => {
  const shop = useStorefront();
  let t: TestApp;
  let ep: any;
  beforeAll(() => {
    ({ t, sdk: ep } = shop);
  });

  it('adds products and custom items in one request (SDK without options)', async () => {
    const a = await createProduct(t, { amount: 1000 });
    const b = await createProduct(t, { amount: 300 });
    const cart = shop.cart('bulk');
    const res = await cart.BulkAdd([{ type: 'cart_item', id: a.id, quantity: 2 }, { type: 'cart_item', id: b.id, quantity: 1 }, GIFT_WRAP]);
    expect(res.data.map((i: any) => [i.type, i.sku, i.quantity])).toEqual([
      ['cart_item', a.sku, 2],
      ['cart_item', b.sku, 1],
      ['custom_item', 'gift-wrap', 1],
    ]);
    expect(res.meta.display_price.with_tax.amount).toBe(2550);
    expect(res).not.toHaveProperty('errors');
  });

  it('adds none when one fails (add_all_or_nothing, the default), and reports every failing item', async () => {
    const a = await createProduct(t, { amount: 1000 });
    const draft = await createProduct(t, { status: 'draft' });
    const missing = randomUUID();
    const cart = shop.cart('bulk-none');
    const items = [{ type: 'cart_item', id: a.id, quantity: 1 }, { type: 'cart_item', id: missing, quantity: 1 }, GIFT_WRAP, { type: 'cart_item', id: draft.id, quantity: 1 }];
    const refusal = await cart.BulkAdd(items, { add_all_or_nothing: true }).catch((e: any) => e);
    expect(refusal.errors).toEqual([
      expect.objectContaining({ status: 404, title: 'Product not found', source: 'data[1]', meta: { id: missing } }),
      expect.objectContaining({ status: 422, title: 'Product not available', source: 'data[3].id', meta: { id: draft.id } }),
    ]);
    expect((await cart.Items()).data).toEqual([]);

    // Without options the SDK sends {"data":{"data":[...]}}: the same default applies.
    await expect(cart.BulkAdd(items)).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 404 }), expect.objectContaining({ status: 422 })] });
    expect((await cart.Items()).data).toEqual([]);
  });

  it('adds the others and reports the failures with add_all_or_nothing false', async () => {
    const a = await createProduct(t, { amount: 1000 });
    const missing = randomUUID();
    const cart = shop.cart('bulk-some');
    const res = await cart.BulkAdd([{ type: 'cart_item', id: a.id, quantity: 1 }, { type: 'cart_item', id: missing }, GIFT_WRAP], { add_all_or_nothing: false });
    expect(res.data.map((i: any) => i.sku)).toEqual([a.sku, 'gift-wrap']);
    expect(res.meta.display_price.with_tax.amount).toBe(1250);
    expect(res.errors).toEqual([expect.objectContaining({ status: 404, title: 'Product not found', source: 'data[1]', meta: { id: missing } })]);
    expect((await cart.Items()).data).toHaveLength(2);
  });

  it('refuses a request with a malformed item (400 naming each one) and adds nothing, whatever add_all_or_nothing says', async () => {
    const a = await createProduct(t, { amount: 1000 });
    const cart = shop.cart('bulk-malformed');
    const items = [{ type: 'cart_item', id: a.id, quantity: 1 }, { ...GIFT_WRAP, price: { amount: 'free' } }, { type: 'bundle_item', sku: 'b' }];
    const refusal = await cart.BulkAdd(items, { add_all_or_nothing: false }).catch((e: any) => e);
    expect(refusal.errors.length).toBeGreaterThanOrEqual(2);
    for (const error of refusal.errors) expect(error).toMatchObject({ status: 400, meta: { sku: expect.any(String) } });
    expect(refusal.errors.map((e: any) => e.source)).toEqual(expect.arrayContaining(['data[1].price.amount', 'data[2].type']));
    expect((await cart.Items()).data).toEqual([]);
  });

  it('refuses an empty array, too many items and malformed options (400)', async () => {
    const post = (body: object) => t.http.post('/v2/carts/bulk-bad/items').set(t.storefront).send(body);
    expectErrorDocument(await post({ data: [] }), 400, { source: 'data' });
    expectErrorDocument(await post({ data: Array.from({ length: 101 }, () => GIFT_WRAP) }), 400, { source: 'data' });
    expectErrorDocument(await post({ data: [GIFT_WRAP], options: { add_all_or_nothing: 'yes' } }), 400, { source: 'options.add_all_or_nothing' });
  });
});
