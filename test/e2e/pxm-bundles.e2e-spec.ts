import type { Response } from 'supertest';
import { expectStringStatusError } from '../support/documents';
import { AdminSdk, useSdkApp } from '../support/sdk';
import type { TestApp } from '../support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** PXM's error documents carry `status` as a string. */
const expectPxmError = (res: Response, status: number) => expectStringStatusError(res, status);

describe('PXM bundles: a product with components', () => {
  const app = useSdkApp();
  let t: TestApp;
  let ep: AdminSdk;
  beforeAll(() => {
    ({ t, ep } = app);
  });

  const product = (name: string, more: Record<string, unknown> = {}) =>
    ep.PCM.Create({ type: 'product', attributes: { name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`, commodity_type: 'physical', ...more } }).then((r: any) => r.data);

  it('makes a bundle of two components through the SDK, lists its component products, and filters bundles', async () => {
    const [camera, lens, bag] = [await product('Camera'), await product('Lens'), await product('Bag')];
    const components = {
      body: { name: 'Body', options: [{ type: 'product', id: camera.id, quantity: 1, default: true }], min: 1, max: 1, sort_order: 2 },
      extras: { name: 'Extras', options: [{ type: 'product', id: lens.id, quantity: 1, min: 1, max: 2, sort_order: 1 }, { type: 'product', id: bag.id.toUpperCase(), quantity: 2 }], min: 0, max: 2, sort_order: 1 },
    };
    const kit = await product('Camera kit', { components });
    expect(kit.meta.product_types).toEqual(['bundle']);
    expect(kit.attributes.components.extras.options[1]).toEqual({ type: 'product', id: bag.id, quantity: 2 });
    expect((await ep.PCM.Get(kit.id)).data.attributes.components.body).toEqual(components.body);

    const related = await t.http.get(`/pcm/products/${kit.id}/relationships/component_products`).set(t.admin).expect(200);
    expect(related.body.data).toEqual([camera.id, lens.id, bag.id].map((id) => ({ type: 'product', id })));
    const bundles = await t.http.get(`/pcm/products?filter=eq(product_types,bundle):in(id,${kit.id},${camera.id})`).set(t.admin).expect(200);
    expect(bundles.body.data.map((p: any) => p.id)).toEqual([kit.id]);
    const standard = await t.http.get(`/pcm/products?filter=eq(product_types,standard):in(id,${kit.id},${camera.id})`).set(t.admin).expect(200);
    expect(standard.body.data.map((p: any) => p.id)).toEqual([camera.id]);

    // Components replaced, then none: a standard product again.
    const fewer = await ep.PCM.Update(kit.id, { type: 'product', id: kit.id, attributes: { components: { body: components.body } } });
    expect(Object.keys(fewer.data.attributes.components)).toEqual(['body']);
    const none = await ep.PCM.Update(kit.id, { type: 'product', id: kit.id, attributes: { components: {} } });
    expect(none.data.meta.product_types).toEqual(['standard']);
    expect(none.data.attributes.components).toBeUndefined();
    expect((await t.http.get(`/pcm/products/${kit.id}/relationships/component_products`).set(t.admin).expect(200)).body.data).toEqual([]);
  });

  it('refuses a bundle naming an unknown product (422), itself (422) or a malformed component (400)', async () => {
    const send = (attributes: Record<string, unknown>) => t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'product', attributes: { name: 'Bad kit', slug: `bad-kit-${Date.now()}`, ...attributes } } });
    expectPxmError(await send({ components: { a: { name: 'A', options: [{ type: 'product', id: MISSING, quantity: 1 }] } } }), 422);
    expectPxmError(await send({ components: { a: { name: 'A', options: [{ type: 'product', id: MISSING, quantity: 0 }] } } }), 400);
    expectPxmError(await send({ components: { a: { name: 'A', options: [] } } }), 400);
    expectPxmError(await send({ components: { a: { name: 'A', options: [{ type: 'file', id: MISSING, quantity: 1 }] } } }), 400);
    const kit = await product('Self kit', { components: { a: { name: 'A', options: [{ type: 'product', id: (await product('Part')).id, quantity: 1 }] } } });
    const self = await t.http.put(`/pcm/products/${kit.id}`).set(t.admin).send({ data: { type: 'product', attributes: { components: { a: { name: 'A', options: [{ type: 'product', id: kit.id, quantity: 1 }] } } } } });
    expectPxmError(self, 422);
    expectPxmError(await t.http.get(`/pcm/products/${MISSING}/relationships/component_products`).set(t.admin), 404);
    expectPxmError(await t.http.get(`/pcm/products/${kit.id}/relationships/component_products`).set(t.storefront), 403);
  });
});
