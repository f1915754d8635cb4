import { randomUUID } from 'node:crypto';
import { InventoryStock } from '../../src/inventories/inventory-stock.service';
import { expectErrorDocument, expectPage } from '../support/documents';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const MULTI = { 'EP-Inventories-Multi-Location': 'true' };

/**
 * Elastic Path's inventories through the official SDK's `MultiLocationInventories` (and its `Locations`), unchanged:
 * stock per product and per location, read by a storefront, moved by transactions that never take stock below
 * zero, even when twenty allocations of the last five units arrive at once.
 */
describe('inventories: stock per product and location, transactions, concurrent allocation', () => {
  let t: TestApp;
  let admin: any;
  let shop: any;
  beforeAll(async () => {
    t = await createTestApp();
    admin = sdkFor(t, 'admin');
    shop = sdkFor(t, 'storefront');
  });
  afterAll(async () => {
    await t.close();
  });

  const slug = () => `warehouse-${randomUUID().slice(0, 8)}`;
  const location = async (s = slug()) => (await admin.MultiLocationInventories.Locations.Create({ name: `Warehouse ${s}`, slug: s })).data;

  it('sets stock with the SDK, per location too, and a storefront reads it in both shapes', async () => {
    const york = await location();
    const productId = randomUUID();
    const created = await admin.MultiLocationInventories.Create({ available: 10, locations: { [york.attributes.slug]: { available: 4 } } }, productId);
    expect(created.data).toMatchObject({
      id: productId,
      type: 'stock',
      attributes: { total: 14, available: 14, allocated: 0, locations: { [york.attributes.slug]: { total: 4, available: 4, allocated: 0 } } },
      meta: { stock_id: productId },
    });

    const read = await shop.MultiLocationInventories.Get(productId);
    expect(read.data.attributes).toMatchObject({ total: 14, available: 14, allocated: 0 });
    const basic = await t.http.get(`/v2/inventories/${productId}`).set(t.storefront).expect(200);
    expect(basic.body.data).toMatchObject({ id: productId, type: 'stock', total: 14, available: 14, allocated: 0 });
    expect(basic.body.data.attributes).toBeUndefined();

    const many = await shop.MultiLocationInventories.GetMultipleStock([productId, randomUUID()]);
    expect(many.data.map((s: any) => s.id)).toEqual([productId]);

    const listed = await t.http.get(`/v2/inventories?filter=eq(location,${york.attributes.slug})`).set(t.admin).set(MULTI).expect(200);
    expectPage(listed, { limit: 25, offset: 0, total: 1 });
    expect(listed.body.data[0].id).toBe(productId);
    expect((await admin.MultiLocationInventories.Filter({ eq: { locations: york.attributes.slug } }).All()).data.map((s: any) => s.id)).toEqual([productId]);

    // A storefront reads; it never writes.
    expectErrorDocument(await t.http.post(`/v2/inventories/${productId}/transactions`).set(t.storefront).send({ data: { type: 'stock-transaction', attributes: { action: 'increment', quantity: 1 } } }), 403);
    expectErrorDocument(await t.http.put(`/v2/inventories/${productId}`).set(t.storefront).send({ data: { type: 'stock', id: productId, attributes: {} } }), 403);
    const forbidden = await t.http.get('/v2/inventories').set(t.storefront);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0].status).toBe('403');
  });

  it('twenty concurrent allocations of the last five units: exactly five succeed, the rest are 422, nothing goes negative', async () => {
    const productId = randomUUID();
    await admin.MultiLocationInventories.Create({ available: 5 }, productId);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => admin.MultiLocationInventories.AllocateStock(productId, 1)));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(15);
    for (const o of lost) expect(o.reason.errors[0]).toMatchObject({ status: '422', title: 'Insufficient stock', detail: expect.stringContaining('0 available') });

    const stock = await admin.MultiLocationInventories.Get(productId);
    expect(stock.data.attributes).toMatchObject({ total: 5, available: 0, allocated: 5 });
    const transactions = await admin.MultiLocationInventories.GetTransactions(productId);
    expect(transactions.data).toHaveLength(5);
    expect(transactions.data.every((tx: any) => tx.attributes.action === 'allocate' && tx.attributes.quantity === 1)).toBe(true);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'stock-transaction.created' } });
    expect(events.filter((e) => (e.payload as any).data.attributes.product_id === productId)).toHaveLength(5);
  });

  it("allocates a location's stock, deallocates it once, and refuses to deallocate more than is allocated", async () => {
    const store = await location();
    const productId = randomUUID();
    await admin.MultiLocationInventories.Create({ available: 1, locations: { [store.attributes.slug]: { available: 3 } } }, productId);

    const allocated = await admin.MultiLocationInventories.AllocateStock(productId, 3, store.attributes.slug);
    expect(allocated.data).toMatchObject({ type: 'stock-transaction', attributes: { action: 'allocate', quantity: 3, product_id: productId, location: store.attributes.slug } });
    let stock = (await admin.MultiLocationInventories.Get(productId)).data.attributes;
    expect(stock).toMatchObject({ total: 4, available: 1, allocated: 3, locations: { [store.attributes.slug]: { total: 3, available: 0, allocated: 3 } } });
    await expect(admin.MultiLocationInventories.AllocateStock(productId, 1, store.attributes.slug)).rejects.toMatchObject({ errors: [{ status: '422' }] });

    await admin.MultiLocationInventories.DeallocateStock(productId, 3, store.attributes.slug);
    const again = await admin.MultiLocationInventories.DeallocateStock(productId, 3, store.attributes.slug).catch((e: any) => e);
    expect(again.errors[0]).toMatchObject({ status: '422', title: 'Cannot deallocate', detail: expect.stringContaining('0 allocated') });
    stock = (await admin.MultiLocationInventories.Get(productId)).data.attributes;
    expect(stock).toMatchObject({ total: 4, available: 4, allocated: 0, locations: { [store.attributes.slug]: { total: 3, available: 3, allocated: 0 } } });

    // A location holding stock stays until its stock is taken away.
    expectErrorDocument(await t.http.delete(`/v2/inventories/locations/${store.id}`).set(t.admin), 422, { title: 'Location holds stock' });
    const updated = await admin.MultiLocationInventories.Update(productId, { locations: { [store.attributes.slug]: null } });
    expect(updated.data.attributes).toMatchObject({ total: 1, locations: {} });
    await admin.MultiLocationInventories.Locations.Delete(store.id);
    expectErrorDocument(await t.http.get(`/v2/inventories/locations/${store.id}`).set(t.admin), 404);
  });

  it('increments, decrements and sets; decrement and set never take stock below what is allocated', async () => {
    const productId = randomUUID();
    await admin.MultiLocationInventories.Create({ available: 2 }, productId);
    await admin.MultiLocationInventories.IncrementStock(productId, 8);
    await admin.MultiLocationInventories.AllocateStock(productId, 6);
    await expect(admin.MultiLocationInventories.DecrementStock(productId, 5)).rejects.toMatchObject({ errors: [{ status: '422', title: 'Insufficient stock' }] });
    await admin.MultiLocationInventories.DecrementStock(productId, 4);
    await expect(admin.MultiLocationInventories.SetStock(productId, 5)).rejects.toMatchObject({ errors: [{ status: '422', title: 'Cannot set stock' }] });
    await admin.MultiLocationInventories.SetStock(productId, 9);
    expect((await admin.MultiLocationInventories.Get(productId)).data.attributes).toMatchObject({ total: 9, available: 3, allocated: 6 });

    const list = await t.http.get(`/v2/inventories/${productId}/transactions?filter=eq(action,allocate)`).set(t.admin);
    expectPage(list, { limit: 25, offset: 0, total: 1 });
    expect(list.body.data[0]).toMatchObject({ type: 'stock-transaction', action: 'allocate', quantity: 6, product_id: productId });
    const one = await admin.MultiLocationInventories.GetTransaction(productId, list.body.data[0].id);
    expect(one.data.attributes).toMatchObject({ action: 'allocate', quantity: 6 });
  });

  it('accepts the basic inventories’ bodies (the SDK’s legacy Inventories class)', async () => {
    const productId = randomUUID();
    const created = await admin.Inventories.Create(productId, 7);
    expect(created.data).toMatchObject({ id: productId, type: 'stock', total: 7, available: 7, allocated: 0 });
    const moved = await admin.Inventories.AllocateStock(productId, 2);
    expect(moved.data).toMatchObject({ type: 'stock-transaction', action: 'allocate', quantity: 2, product_id: productId });
    const read = await admin.Inventories.GetMultipleStock([productId]);
    expect(read.data[0]).toMatchObject({ total: 7, available: 5, allocated: 2 });
    await admin.Inventories.Delete(productId);
    expectErrorDocument(await t.http.get(`/v2/inventories/${productId}`).set(t.admin), 404);
  });

  it('refuses bad input with the family’s error documents', async () => {
    const productId = randomUUID();
    await admin.MultiLocationInventories.Create({ available: 1 }, productId);
    const post = (data: unknown) => t.http.post(`/v2/inventories/${productId}/transactions`).set(t.admin).send({ data });
    expectErrorDocument(await post({ type: 'stock-transaction', attributes: { action: 'steal', quantity: 1 } }), 400, { source: 'data.attributes.action' });
    expectErrorDocument(await post({ type: 'stock-transaction', attributes: { action: 'allocate', quantity: -1 } }), 400, { source: 'data.attributes.quantity' });
    expectErrorDocument(await post({ type: 'stock-transaction', attributes: { action: 'allocate', quantity: 1, location: 'nowhere' } }), 422, { title: 'Location not found' });
    expectErrorDocument(await t.http.post(`/v2/inventories/${randomUUID()}/transactions`).set(t.admin).send({ data: { type: 'stock-transaction', attributes: { action: 'increment', quantity: 1 } } }), 404);
    expectErrorDocument(await t.http.post('/v2/inventories').set(t.admin).send({ data: { type: 'stock', id: productId, attributes: { available: 1 } } }), 409);
    expectErrorDocument(await t.http.post('/v2/inventories').set(t.admin).send({ data: { type: 'stock', attributes: { locations: { x: { available: 'many' } } } } }), 400, { source: 'data.attributes.locations' });
    const taken = await location();
    expectErrorDocument(await t.http.post('/v2/inventories/locations').set(t.admin).send({ data: { type: 'inventory_location', attributes: { name: 'Copy', slug: taken.attributes.slug } } }), 409);
    const bad = await t.http.post('/v2/inventories/multiple').set(t.admin).send({ data: [{ id: 'nope' }] });
    expectErrorDocument(bad, 400, { source: 'data[0].id' });
    expect(bad.body.errors[0].status).toBe('400');
  });

  it('locations: created, listed by a storefront, updated (null clears), with geolocation and address', async () => {
    const s = slug();
    const created = await admin.MultiLocationInventories.Locations.Create({ name: 'Milton Keynes', slug: s, description: 'South', address: ['1 Road', 'MK7'], geolocation: { lat: 51.5, lon: -0.1 }, external_ref: 'mk-1' });
    expect(created.data).toMatchObject({ type: 'inventory_location', attributes: { name: 'Milton Keynes', slug: s, address: ['1 Road', 'MK7'], geolocation: { lat: 51.5, lon: -0.1 } } });
    const listed = await shop.MultiLocationInventories.Locations.All();
    expect(listed.data.map((l: any) => l.id)).toContain(created.data.id);
    const updated = await admin.MultiLocationInventories.Locations.Update(created.data.id, { name: 'Milton Keynes North', slug: s, description: null, geolocation: null });
    expect(updated.data.attributes).toEqual({ name: 'Milton Keynes North', slug: s, external_ref: 'mk-1', address: ['1 Road', 'MK7'] });
    expectErrorDocument(await t.http.get(`/v2/inventories/locations/${created.data.id}`).set(t.storefront), 403);
  });

  it("InventoryStock.allocate runs in the caller's transaction: all lines or none, products without stock left alone", async () => {
    const inventory = t.app.get(InventoryStock);
    const [a, b, unmanaged] = [randomUUID(), randomUUID(), randomUUID()];
    await admin.MultiLocationInventories.Create({ available: 3 }, a);
    await admin.MultiLocationInventories.Create({ available: 1 }, b);
    const paged = await t.http.get(`/v2/inventories?filter=in(id,${a},${b})&sort=-created_at&page[limit]=1&page[offset]=1`).set(t.admin).set(MULTI);
    expectPage(paged, { limit: 1, offset: 1, total: 2 });
    const first = await t.http.get(`/v2/inventories?filter=in(id,${a},${b})&sort=-created_at&page[limit]=1`).set(t.admin).set(MULTI);
    expect([first.body.data[0].id, paged.body.data[0].id].sort()).toEqual([a, b].sort());
    const refused = await t.prisma
      .$transaction((tx) => inventory.allocate(tx, [{ productId: a, quantity: 2 }, { productId: b, quantity: 2 }]))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 422, title: 'Insufficient stock' });
    expect((await admin.MultiLocationInventories.Get(a)).data.attributes).toMatchObject({ available: 3, allocated: 0 });

    await t.prisma.$transaction((tx) => inventory.allocate(tx, [{ productId: a, quantity: 1 }, { productId: unmanaged, quantity: 9 }, { productId: a, quantity: 1 }, { productId: b, quantity: 1 }]));
    expect((await admin.MultiLocationInventories.Get(a)).data.attributes).toMatchObject({ total: 3, available: 1, allocated: 2 });
    expect((await admin.MultiLocationInventories.Get(b)).data.attributes).toMatchObject({ total: 1, available: 0, allocated: 1 });
    await t.prisma.$transaction((tx) => inventory.deallocate(tx, [{ productId: a, quantity: 2 }, { productId: b, quantity: 1 }]));
    expect((await admin.MultiLocationInventories.Get(a)).data.attributes).toMatchObject({ available: 3, allocated: 0 });
  });
});
