import { checkoutApi, createClient, deleteACartItem, deleteAllCartItems, getACart, getCartItems, manageCarts, paymentSetup, updateACartItem } from '@epcc-sdk/sdks-shopper';
import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { createProduct } from '../support/factories';
import { CHECKOUT_BILLING, CHECKOUT_CUSTOMER } from '../support/flows';
import { sdkFor } from '../support/sdk';
import { publishedRelease } from '../support/releases';
import { createTestApp, TestApp } from '../support/test-app';

/** Enough reads of a release being published for a loaded machine; each answer decides whether to ask again. */

type Item = { id: string; type: string; product_id?: string; sku: string; name: string; quantity: number; catalog_id?: string; catalog_source?: string; location?: string; bundle_configuration?: any; unit_price: { amount: number; currency: string }; meta: any };

/**
 * A storefront's cart on the catalog it sees: a catalog authored in PXM and published through the API, then driven
 * with @epcc-sdk/sdks-shopper and @elasticpath/js-sdk unchanged: products, children and bundles in USD and EUR, the
 * refusals (not in the release, a draft, a parent, a bundle's bad selection), checkout and payment, a new release,
 * and inventory stock taken at checkout and given back once on cancel.
 */
describe('carts and checkout on the catalog a shopper sees', () => {
  let t: TestApp;
  let shopper: ReturnType<typeof createClient>;
  let admin: any;
  let storefront: any;
  let catalogId: string;
  let bookId: string;
  const ids: Record<string, string> = {};
  const skus: Record<string, string> = {};
  const suffix = randomUUID().slice(0, 8);

  const send = async (method: 'post' | 'put', path: string, data: unknown, status = 201) => {
    const res = await t.http[method](path).set(t.admin).send({ data });
    expect([path, res.status, res.status === status ? '' : JSON.stringify(res.body)]).toEqual([path, status, '']);
    return res.body.data;
  };
  const product = async (name: string, status: 'live' | 'draft', extra: Record<string, unknown> = {}) => {
    const sku = `${name}-${suffix}`;
    const created = await send('post', '/pcm/products', { type: 'product', attributes: { name, sku, slug: sku, commodity_type: 'physical', status, ...extra } });
    ids[name] = created.id;
    skus[name] = sku;
    return created;
  };
  const price = (sku: string, currencies: Record<string, { amount: number; includes_tax: boolean }>) =>
    send('post', `/pcm/pricebooks/${bookId}/prices`, { type: 'product-price', attributes: { sku, currencies } });

  const publish = async () => (await publishedRelease(t, catalogId)).id as string;

  const add = (ref: string, data: Record<string, unknown>, currency?: string) =>
    manageCarts({ client: shopper, path: { cartID: ref }, body: { data: { type: 'cart_item', quantity: 1, ...data } } as never, ...(currency ? { headers: { 'X-Moltin-Currency': currency } } : {}) });
  const addHttp = (ref: string, data: Record<string, unknown>, currency = 'USD') =>
    t.http.post(`/v2/carts/${ref}/items`).set(t.storefront).set('X-Moltin-Currency', currency).send({ data: { type: 'cart_item', quantity: 1, ...data } });
  const items = async (ref: string): Promise<Item[]> => {
    const res = await getCartItems({ client: shopper, path: { cartID: ref } });
    expect(res.response.status).toBe(200);
    return (res.data as { data: Item[] }).data;
  };
  const stock = async (productId: string) => (await t.http.get(`/v2/inventories/${productId}`).set(t.admin).expect(200)).body.data;
  const checkout = (ref: string) =>
    checkoutApi({ client: shopper, path: { cartID: ref }, body: { data: { customer: CHECKOUT_CUSTOMER, billing_address: CHECKOUT_BILLING } } as never });

  beforeAll(async () => {
    // The publisher is a background worker: this app runs it.
    t = await createTestApp({ env: { WORKERS_ENABLED: 'true' } });
    shopper = createClient({ baseUrl: t.baseUrl, auth: t.storefront.Authorization.replace(/^Bearer /, '') });
    admin = sdkFor(t, 'admin');
    storefront = sdkFor(t, 'storefront');
    const eur = { type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true };
    await t.http.post('/v2/currencies').set(t.admin).send({ data: eur }).expect(201);

    const hierarchy = await send('post', '/pcm/hierarchies', { type: 'hierarchy', attributes: { name: `Shop ${suffix}` } });
    const node = await send('post', `/pcm/hierarchies/${hierarchy.id}/nodes`, { type: 'node', attributes: { name: 'Everything' } });
    await product('tee', 'live');
    await product('cap', 'live');
    await product('scarce', 'live');
    await product('usd-only', 'live');
    await product('hidden', 'live');
    await product('sketch', 'draft');
    const mug = await product('mug', 'live');
    const size = (await admin.PCMVariations.CreateVariation({ attributes: { name: `Size ${suffix}` } })).data;
    for (const [name, sku] of [['Small', '-S'], ['Large', '-L']]) {
      const option = (await admin.PCMVariations.CreateVariationsOption(size.id, { attributes: { name, description: name } })).data;
      await admin.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'sku_append', value: sku } });
      await admin.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'slug_append', value: sku.toLowerCase() } });
    }
    await admin.PCM.VariationsRelationships.Create(mug.id, [size.id]);
    await admin.PCM.BuildChildProducts(mug.id);
    const children = (await admin.PCM.GetChildProducts(mug.id)).data as { id: string; attributes: { sku: string } }[];
    for (const child of children) {
      const name = child.attributes.sku.endsWith('-S') ? 'mug-small' : 'mug-large';
      ids[name] = child.id;
      skus[name] = child.attributes.sku;
    }
    await product('gift', 'live', {
      components: {
        mugs: { name: 'Mugs', min: 1, max: 2, options: [{ type: 'product', id: ids['mug-small'], quantity: 1, default: true }, { type: 'product', id: ids['mug-large'], quantity: 1 }] },
        caps: { name: 'Caps', options: [{ type: 'product', id: ids.cap, quantity: 2 }] },
      },
    });
    const inNode = ['tee', 'cap', 'scarce', 'usd-only', 'sketch', 'mug', 'gift'].map((name) => ({ type: 'product', id: ids[name] }));
    await send('post', `/pcm/hierarchies/${hierarchy.id}/nodes/${node.id}/relationships/products`, inNode, 201);

    bookId = (await send('post', '/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Retail ${suffix}` } })).id;
    const both = (usd: number, eur: number) => ({ USD: { amount: usd, includes_tax: false }, EUR: { amount: eur, includes_tax: true } });
    await price(skus.tee, both(2000, 1800));
    await price(skus.cap, both(500, 450));
    await price(skus.scarce, both(700, 650));
    await price(skus.hidden, both(100, 90));
    await price(skus.sketch, both(100, 90));
    await price(skus.mug, both(1000, 900));
    await price(skus['mug-small'], both(1100, 1000));
    await price(skus['mug-large'], both(1300, 1200));
    await price(skus.gift, both(3000, 2700));
    await price(skus['usd-only'], { USD: { amount: 400, includes_tax: false } });
    catalogId = (await send('post', '/catalogs', { type: 'catalog', attributes: { name: `Shop ${suffix}`, hierarchy_ids: [hierarchy.id], pricebook_id: bookId } })).id;
    await publish();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('adds a product, a child and a bundle in USD with @epcc-sdk/sdks-shopper, priced and named from the release', async () => {
    const ref = `cc-usd-${suffix}`;
    expect((await add(ref, { id: ids.tee, quantity: 2 })).response.status).toBe(201);
    expect((await add(ref, { sku: skus['mug-small'] })).response.status).toBe(201);
    const bundle = await add(ref, { id: ids.gift, bundle_configuration: { selected_options: { mugs: { [ids['mug-large']]: 1 }, caps: { [ids.cap]: 2 } } } });
    expect(bundle.response.status).toBe(201);

    const lines = await items(ref);
    expect(lines.map((i) => [i.product_id, i.sku, i.quantity, i.unit_price.amount, i.unit_price.currency, i.catalog_id, i.catalog_source])).toEqual([
      [ids.tee, skus.tee, 2, 2000, 'USD', catalogId, 'pim'],
      [ids['mug-small'], skus['mug-small'], 1, 1100, 'USD', catalogId, 'pim'],
      [ids.gift, skus.gift, 1, 3000, 'USD', catalogId, 'pim'],
    ]);
    expect(lines[2].bundle_configuration).toEqual({ selected_options: { mugs: { [ids['mug-large']]: 1 }, caps: { [ids.cap]: 2 } } });
    expect(lines[0].meta.display_price.with_tax).toMatchObject({ unit: { amount: 2000, currency: 'USD' }, value: { amount: 4000, currency: 'USD' } });

    for (const query of ['include=items,promotions', 'include=items&include=promotions']) {
      const read = await t.http.get(`/v2/carts/${ref}?${query}`).set(t.storefront).expect(200);
      expect(read.body.included.items.map((i: Item) => i.product_id)).toEqual([ids.tee, ids['mug-small'], ids.gift]);
    }
    const cart = await getACart({ client: shopper, path: { cartID: ref } });
    const data = (cart.data as { data: any }).data;
    expect(data.meta.display_price).toMatchObject({ with_tax: { amount: 8100, currency: 'USD' }, without_tax: { amount: 8100 }, tax: { amount: 0 } });
    expect(Date.parse(data.meta.timestamps.expires_at) - Date.parse(data.meta.timestamps.updated_at)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('prices a cart in EUR when its first item asks for EUR (@elasticpath/js-sdk Cart), and refuses a product with no EUR price', async () => {
    const ref = `cc-eur-${suffix}`;
    const cart = storefront.Cart(ref);
    const added = await cart.AddProduct(ids.tee, 1, {}, false, null, { 'X-MOLTIN-CURRENCY': 'EUR' });
    expect(added.data[0]).toMatchObject({ product_id: ids.tee, unit_price: { amount: 1800, currency: 'EUR' }, catalog_id: catalogId });
    await cart.AddProduct(skus['mug-large'], 1, {}, true);
    const bundle = await addHttp(ref, { id: ids.gift }, 'EUR');
    expect(bundle.status).toBe(201);
    const read = await cart.Items();
    expect(read.data.map((i: Item) => [i.sku, i.unit_price.amount, i.unit_price.currency])).toEqual([
      [skus.tee, 1800, 'EUR'],
      [skus['mug-large'], 1200, 'EUR'],
      [skus.gift, 2700, 'EUR'],
    ]);
    // No selection sent: the bundle's default options (and every option of a component that sets no min or max).
    expect(read.data[2].bundle_configuration).toEqual({ selected_options: { mugs: { [ids['mug-small']]: 1 }, caps: { [ids.cap]: 2 } } });
    expect(read.meta.display_price.with_tax).toMatchObject({ amount: 5700, currency: 'EUR' });
    expectErrorDocument(await addHttp(ref, { id: ids['usd-only'] }, 'EUR'), 422, { title: 'Product has no price' });
    expectErrorDocument(await addHttp(`cc-eur2-${suffix}`, { id: ids['usd-only'] }, 'EUR'), 422, { detail: /no price in EUR/ });
  });

  it('refuses a product not in the release, a draft, a parent and a bundle selection its components do not allow; legacy products still add', async () => {
    const ref = `cc-no-${suffix}`;
    for (const id of [ids.hidden, ids.sketch, randomUUID()]) {
      expectErrorDocument(await addHttp(ref, { id }), 404, { title: 'Product not found', detail: 'The requested product could not be found' });
    }
    expectErrorDocument(await addHttp(ref, { sku: skus.sketch }), 404, { title: 'Product not found' });
    expectErrorDocument(await addHttp(ref, { id: ids.mug }), 422, { title: 'Cannot add a base product', source: 'data.id' });
    const bad = [
      { mugs: { [ids['mug-small']]: 1, [ids['mug-large']]: 1, [ids.cap]: 1 }, caps: { [ids.cap]: 2 } },
      { mugs: {}, caps: { [ids.cap]: 2 } },
      { cups: { [ids.cap]: 1 } },
    ];
    for (const selected_options of bad) {
      expectErrorDocument(await addHttp(ref, { id: ids.gift, bundle_configuration: { selected_options } }), 422, { title: 'Invalid bundle configuration' });
    }
    expectErrorDocument(await addHttp(ref, { id: ids.tee, bundle_configuration: { selected_options: {} } }), 422, { title: 'Not a bundle' });
    expectErrorDocument(await addHttp(ref, { quantity: 1 }), 400);
    expect(await items(ref)).toEqual([]);

    const legacy = await createProduct(t.prisma, { amount: 321 });
    const res = await addHttp(ref, { id: legacy.id });
    expect(res.status).toBe(201);
    expect(res.body.data[0]).toMatchObject({ product_id: legacy.id, unit_price: { amount: 321 } });
    expect(res.body.data[0].catalog_id).toBeUndefined();
  });

  it('changes a quantity, removes items, checks out as a guest and pays with the manual gateway; the order keeps ids, SKUs and prices', async () => {
    const ref = `cc-buy-${suffix}`;
    await add(ref, { id: ids.tee });
    await add(ref, { id: ids.cap });
    await add(ref, { id: ids['mug-large'] });
    const [tee, cap, mug] = await items(ref);
    const updated = await updateACartItem({ client: shopper, path: { cartID: ref, cartitemID: tee.id }, body: { data: { type: 'cart_item', id: tee.id, quantity: 3 } } as never });
    expect(updated.response.status).toBe(200);
    expect((await deleteACartItem({ client: shopper, path: { cartID: ref, cartitemID: cap.id } })).response.status).toBe(200);
    expect((await items(ref)).map((i) => [i.id, i.quantity])).toEqual([
      [tee.id, 3],
      [mug.id, 1],
    ]);

    const ordered = await checkout(ref);
    expect(ordered.response.status).toBe(201);
    const order = ordered.data as { data: { id: string; meta: any }; included: { items: any[] } };
    expect(order.data.meta.display_price.with_tax.amount).toBe(3 * 2000 + 1300);
    const bySku = (a: unknown[], b: unknown[]) => String(a[1]).localeCompare(String(b[1]));
    expect(order.included.items.map((i) => [i.product_id, i.sku, i.quantity, i.unit_price.amount]).sort(bySku)).toEqual(
      [
        [ids.tee, skus.tee, 3, 2000],
        [ids['mug-large'], skus['mug-large'], 1, 1300],
      ].sort(bySku),
    );
    const paid = await paymentSetup({ client: createClient({ baseUrl: t.baseUrl, auth: t.admin.Authorization.replace(/^Bearer /, '') }), path: { orderID: order.data.id }, body: { data: { gateway: 'manual', method: 'purchase' } } as never });
    expect(paid.response.status).toBe(200);
    const read = await admin.Orders.Get(order.data.id);
    expect(read.data.payment).toBe('paid');

    expect((await deleteAllCartItems({ client: shopper, path: { cartID: ref } })).response.status).toBe(204);
    expect(await items(ref)).toEqual([]);
  });

  it('keeps the price an item was added at when a new release reprices it; items added after take the new price', async () => {
    const ref = `cc-price-${suffix}`;
    await add(ref, { id: ids.cap });
    const prices = (await t.http.get(`/pcm/pricebooks/${bookId}/prices?filter=eq(sku,${skus.cap})`).set(t.admin).expect(200)).body.data;
    await send('put', `/pcm/pricebooks/${bookId}/prices/${prices[0].id}`, { type: 'product-price', id: prices[0].id, attributes: { currencies: { USD: { amount: 650, includes_tax: false }, EUR: { amount: 600, includes_tax: true } } } }, 200);
    await publish();
    expect((await items(ref)).map((i) => i.unit_price.amount)).toEqual([500]);
    await add(`cc-price2-${suffix}`, { id: ids.cap });
    expect((await items(`cc-price2-${suffix}`)).map((i) => i.unit_price.amount)).toEqual([650]);
    const order = await checkout(ref);
    expect((order.data as { included: { items: any[] } }).included.items[0].unit_price.amount).toBe(500);
  });

  it('sells the last 5 units of a catalog product to exactly 5 of 20 concurrent checkouts, and a cancel gives stock back once', async () => {
    await admin.MultiLocationInventories.Create({ available: 5 }, ids.scarce);
    const refs = Array.from({ length: 20 }, (_, i) => `cc-race-${i}-${suffix}`);
    for (const ref of refs) expect((await addHttp(ref, { id: ids.scarce })).status).toBe(201);
    const answers = await Promise.all(refs.map((ref) => t.http.post(`/v2/carts/${ref}/checkout`).set(t.storefront).send({ data: { customer: CHECKOUT_CUSTOMER, billing_address: CHECKOUT_BILLING } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(15).fill(422));
    for (const a of refused) expectErrorDocument(a, 422, { title: 'Insufficient stock' });
    expect(await stock(ids.scarce)).toMatchObject({ total: 5, available: 0, allocated: 5 });

    const orderId = answers.find((a) => a.status === 201)!.body.data.id;
    const cancels = await Promise.all([0, 1, 2].map(() => t.http.put(`/v2/orders/${orderId}`).set(t.admin).send({ data: { type: 'order', status: 'cancelled' } })));
    expect(cancels.filter((c) => c.status === 200)).toHaveLength(1);
    expect(await stock(ids.scarce)).toMatchObject({ total: 5, available: 1, allocated: 4 });
  });

  it('takes an item with a location from that location, the last location named for the product winning', async () => {
    const slug = `store-${suffix}`;
    await admin.MultiLocationInventories.Locations.Create({ name: `Store ${suffix}`, slug });
    await admin.MultiLocationInventories.Create({ available: 10, locations: { [slug]: { available: 3 } } }, ids['mug-small']);
    const ref = `cc-loc-${suffix}`;
    await add(ref, { id: ids['mug-small'] });
    const res = await add(ref, { id: ids['mug-small'], location: slug });
    expect((res.data as { data: Item[] }).data.map((i) => [i.quantity, i.location])).toEqual([[2, slug]]);
    expect((await checkout(ref)).response.status).toBe(201);
    const after = (await admin.MultiLocationInventories.Get(ids['mug-small'])).data.attributes;
    expect(after).toMatchObject({ total: 13, allocated: 2, available: 11 });
    expect(after.locations[slug]).toMatchObject({ total: 3, allocated: 2, available: 1 });
  });
});
