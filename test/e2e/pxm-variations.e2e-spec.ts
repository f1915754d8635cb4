import type { Response } from 'supertest';
import { expectStringStatusError } from '../support/documents';
import { AdminSdk, useSdkApp } from '../support/sdk';
import type { TestApp } from '../support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** PXM's error documents carry `status` as a string. */
const expectPxmError = (res: Response, status: number) => expectStringStatusError(res, status);

describe('PXM variations (/pcm/variations), options and modifiers; child products built from a parent', () => {
  const app = useSdkApp();
  let t: TestApp;
  let ep: AdminSdk;
  beforeAll(() => {
    ({ t, ep } = app);
  });

  const variation = (name: string, sort_order?: number) => ep.PCMVariations.CreateVariation({ attributes: { name, ...(sort_order !== undefined ? { sort_order } : {}) } }).then((r: any) => r.data);
  const option = (variationId: string, name: string) => ep.PCMVariations.CreateVariationsOption(variationId, { attributes: { name, description: `${name} option` } }).then((r: any) => r.data);
  const modifier = (variationId: string, optionId: string, attributes: Record<string, string>) =>
    ep.PCMVariations.CreateVariationsModifier(variationId, optionId, { attributes }).then((r: any) => r.data);
  const childrenOf = async (id: string) => ((await ep.PCM.GetChildProducts(id)).data as any[]).sort((a, b) => a.attributes.sku.localeCompare(b.attributes.sku));

  it('builds a shirt into one child per colour and size through the SDK, and a rebuild after a new option keeps the children made', async () => {
    const tag = `v${Date.now()}`;
    const colour = await variation(`Colour ${tag}`, 2);
    expect(colour).toMatchObject({ type: 'product-variation', attributes: { name: `Colour ${tag}`, sort_order: 2 }, meta: { owner: 'store', options: [] } });
    const red = await option(colour.id, 'Red');
    const blue = await option(colour.id, 'Blue');
    expect(red).toMatchObject({ type: 'product-variation-option', attributes: { name: 'Red', description: 'Red option' }, meta: { owner: 'store' } });
    await modifier(colour.id, red.id, { type: 'sku_append', value: '-RED' });
    await modifier(colour.id, red.id, { type: 'slug_append', value: '-red' });
    await modifier(colour.id, red.id, { type: 'name_append', value: ' Red' });
    await modifier(colour.id, blue.id, { type: 'sku_append', value: '-BLU' });
    await modifier(colour.id, blue.id, { type: 'slug_append', value: '-blue' });
    await modifier(colour.id, blue.id, { type: 'name_append', value: ' Blue' });
    await modifier(colour.id, blue.id, { type: 'description_append', value: ' In blue.' });

    const size = await variation(`Size ${tag}`);
    const small = await option(size.id, 'S');
    const large = await option(size.id, 'L');
    const sizeMod = await modifier(size.id, small.id, { type: 'sku_append', value: '-S', reference_name: 'small sku' });
    expect(sizeMod).toMatchObject({ type: 'product-variation-modifier', attributes: { type: 'sku_append', value: '-S', reference_name: 'small sku' } });
    await modifier(size.id, small.id, { type: 'slug_append', value: '-s' });
    await modifier(size.id, large.id, { type: 'sku_append', value: '-L' });
    await modifier(size.id, large.id, { type: 'slug_append', value: '-l' });
    expect((await ep.PCMVariations.VariationsModifiers(size.id, small.id)).data.map((m: any) => m.attributes.type)).toEqual(['sku_append', 'slug_append']);
    expect((await ep.PCMVariations.Get(colour.id)).data.meta.options.map((o: any) => o.name)).toEqual(['Red', 'Blue']);

    const shirt = (await ep.PCM.Create({ type: 'product', attributes: { name: 'Shirt', sku: `SHIRT-${tag}`, slug: `shirt-${tag}`, description: 'A shirt.', commodity_type: 'physical', status: 'live' } })).data;
    await ep.PCM.VariationsRelationships.Create(shirt.id, [colour.id, size.id]);
    expect((await ep.PCM.VariationsRelationships.All(shirt.id)).data.map((v: any) => v.id)).toEqual([colour.id, size.id]);
    const parent = (await ep.PCM.Get(shirt.id)).data;
    expect(parent.meta.product_types).toEqual(['parent']);
    expect(parent.meta.variations).toEqual([
      { id: colour.id, name: `Colour ${tag}`, options: [{ id: red.id, name: 'Red', description: 'Red option' }, { id: blue.id, name: 'Blue', description: 'Blue option' }] },
      { id: size.id, name: `Size ${tag}`, options: [{ id: small.id, name: 'S', description: 'S option' }, { id: large.id, name: 'L', description: 'L option' }] },
    ]);

    const job = await ep.PCM.BuildChildProducts(shirt.id);
    expect(job.data).toMatchObject({ type: 'pim-job', attributes: { type: 'child-products', status: 'success' } });
    const children = await childrenOf(shirt.id);
    expect(children.map((c) => [c.attributes.sku, c.attributes.slug, c.attributes.name])).toEqual([
      [`SHIRT-${tag}-BLU-L`, `shirt-${tag}-blue-l`, 'Shirt Blue'],
      [`SHIRT-${tag}-BLU-S`, `shirt-${tag}-blue-s`, 'Shirt Blue'],
      [`SHIRT-${tag}-RED-L`, `shirt-${tag}-red-l`, 'Shirt Red'],
      [`SHIRT-${tag}-RED-S`, `shirt-${tag}-red-s`, 'Shirt Red'],
    ]);
    expect(children[0].attributes.description).toBe('A shirt. In blue.');
    expect(children[0]).toMatchObject({ relationships: { base_product: { data: { type: 'product', id: shirt.id } } }, meta: { product_types: ['child'] } });
    expect(children[0].meta.child_variations).toEqual([
      { id: colour.id, name: `Colour ${tag}`, option: { id: blue.id, name: 'Blue', description: 'Blue option' } },
      { id: size.id, name: `Size ${tag}`, option: { id: large.id, name: 'L', description: 'L option' } },
    ]);

    // A new size: only its two children are made; the four there keep their ids.
    const medium = await option(size.id, 'M');
    await modifier(size.id, medium.id, { type: 'sku_append', value: '-M' });
    await modifier(size.id, medium.id, { type: 'slug_append', value: '-m' });
    await ep.PCM.BuildChildProducts(shirt.id);
    const rebuilt = await childrenOf(shirt.id);
    expect(rebuilt).toHaveLength(6);
    const idBySku = new Map(rebuilt.map((c) => [c.attributes.sku, c.id]));
    for (const c of children) expect(idBySku.get(c.attributes.sku)).toBe(c.id);
    expect(idBySku.has(`SHIRT-${tag}-RED-M`)).toBe(true);

    // The filters find parents and children.
    const byParent = await t.http.get(`/pcm/products?filter=eq(parent_id,${shirt.id})`).set(t.admin).expect(200);
    expect(byParent.body.data).toHaveLength(6);
    const parents = await t.http.get(`/pcm/products?filter=eq(product_types,parent):eq(id,${shirt.id})`).set(t.admin).expect(200);
    expect(parents.body.data.map((p: any) => p.id)).toEqual([shirt.id]);
    const childList = await t.http.get(`/pcm/products?filter=eq(product_types,child):eq(parent_id,${shirt.id})`).set(t.admin).expect(200);
    expect(childList.body.data).toHaveLength(6);
    const standard = await t.http.get(`/pcm/products?filter=eq(product_types,standard):eq(id,${shirt.id})`).set(t.admin).expect(200);
    expect(standard.body.data).toEqual([]);

    // Removing an option: a rebuild deletes the children made from it.
    await ep.PCMVariations.DeleteVariationsOption(size.id, medium.id);
    await ep.PCM.BuildChildProducts(shirt.id);
    expect((await childrenOf(shirt.id)).map((c) => c.id).sort()).toEqual(children.map((c) => c.id).sort());
  });

  it('builds concurrently without making a child twice', async () => {
    const tag = `c${Date.now()}`;
    const v = await variation(`Finish ${tag}`);
    for (const name of ['Matte', 'Gloss', 'Satin']) {
      const o = await option(v.id, name);
      await modifier(v.id, o.id, { type: 'sku_builder', seek: '{FINISH}', set: name.toUpperCase() });
    }
    const base = (await ep.PCM.Create({ type: 'product', attributes: { name: 'Paint', sku: `PAINT-{FINISH}-${tag}`, slug: `paint-${tag}`, commodity_type: 'physical' } })).data;
    await ep.PCM.VariationsRelationships.Update(base.id, [v.id]);
    const results = await Promise.allSettled([ep.PCM.BuildChildProducts(base.id), ep.PCM.BuildChildProducts(base.id), ep.PCM.BuildChildProducts(base.id)]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const children = (await ep.PCM.GetChildProducts(base.id)).data;
    expect(children.map((c: any) => c.attributes.sku).sort()).toEqual([`PAINT-GLOSS-${tag}`, `PAINT-MATTE-${tag}`, `PAINT-SATIN-${tag}`]);
    expect(children.map((c: any) => c.attributes.slug).sort()).toEqual([`paint-${tag}-Gloss`, `paint-${tag}-Matte`, `paint-${tag}-Satin`]);
  });

  it('updates and deletes variations, options and modifiers, and detaches variations from a product', async () => {
    const v = await variation('Width');
    const updated = (await ep.PCMVariations.UpdateVariation(v.id, { id: v.id, attributes: { name: 'Widths', sort_order: 5 } })).data;
    expect(updated.attributes).toEqual({ name: 'Widths', sort_order: 5 });
    const cleared = await t.http.put(`/pcm/variations/${v.id}`).set(t.admin).send({ data: { type: 'product-variation', attributes: { sort_order: null } } }).expect(200);
    expect(cleared.body.data.attributes).toEqual({ name: 'Widths' });
    const o = await option(v.id, 'Wide');
    const o2 = (await ep.PCMVariations.UpdateVariationsOption(v.id, o.id, { id: o.id, attributes: { name: 'Wider', description: 'Wider still' } })).data;
    expect(o2.attributes).toMatchObject({ name: 'Wider', description: 'Wider still' });
    expect((await ep.PCMVariations.VariationsOption(v.id, o.id)).data.attributes.name).toBe('Wider');
    expect((await ep.PCMVariations.VariationsOptions(v.id)).data).toHaveLength(1);
    const m = await modifier(v.id, o.id, { type: 'name_prepend', value: 'Wide ' });
    const m2 = (await ep.PCMVariations.UpdateVariationsModifier(v.id, o.id, m.id, { attributes: { type: 'slug_builder', seek: 'x', set: 'y' } })).data;
    expect(m2.attributes).toEqual({ type: 'slug_builder', seek: 'x', set: 'y' });
    expect((await ep.PCMVariations.VariationsModifier(v.id, o.id, m.id)).data.id).toBe(m.id);
    await ep.PCMVariations.DeleteVariationsModifier(v.id, o.id, m.id);
    expectPxmError(await t.http.get(`/pcm/variations/${v.id}/options/${o.id}/modifiers/${m.id}`).set(t.admin), 404);

    const p = (await ep.PCM.Create({ type: 'product', attributes: { name: 'Desk', slug: `desk-${Date.now()}`, commodity_type: 'physical' } })).data;
    await ep.PCM.VariationsRelationships.Create(p.id, [v.id]);
    await ep.PCM.VariationsRelationships.Delete(p.id, [v.id]);
    expect((await ep.PCM.VariationsRelationships.All(p.id)).data).toEqual([]);
    expect((await ep.PCM.Get(p.id)).data.meta.product_types).toEqual(['standard']);

    await ep.PCMVariations.Delete(v.id);
    expectPxmError(await t.http.get(`/pcm/variations/${v.id}`).set(t.admin), 404);
    expect((await ep.PCMVariations.All()).data.some((x: any) => x.id === v.id)).toBe(false);
  });

  it('refuses what cannot be built: unknown variations, a modifier without its value, a product without variations', async () => {
    const p = (await ep.PCM.Create({ type: 'product', attributes: { name: 'Lamp', slug: `lamp-${Date.now()}`, commodity_type: 'physical' } })).data;
    const unknown = await t.http.post(`/pcm/products/${p.id}/relationships/variations`).set(t.admin).send({ data: [{ type: 'product-variation', id: MISSING }] });
    expectPxmError(unknown, 422);
    expectPxmError(await t.http.post(`/pcm/products/${p.id}/build`).set(t.admin), 422);
    expectPxmError(await t.http.post(`/pcm/products/${MISSING}/build`).set(t.admin), 404);
    expectPxmError(await t.http.get(`/pcm/products/${MISSING}/children`).set(t.admin), 404);
    const v = await variation('Bulb');
    const o = await option(v.id, 'LED');
    const noValue = await t.http.post(`/pcm/variations/${v.id}/options/${o.id}/modifiers`).set(t.admin).send({ data: { type: 'product-variation-modifier', attributes: { type: 'sku_append' } } });
    expectPxmError(noValue, 422);
    const badSlug = await t.http.post(`/pcm/variations/${v.id}/options/${o.id}/modifiers`).set(t.admin).send({ data: { type: 'product-variation-modifier', attributes: { type: 'slug_append', value: 'a b' } } });
    expectPxmError(badSlug, 422);
    const badName = await t.http.post(`/pcm/variations/${v.id}/options`).set(t.admin).send({ data: { type: 'product-variation-option', attributes: { name: 'has space', description: '' } } });
    expect(badName.status).toBeGreaterThanOrEqual(400);
    expect(badName.status).toBeLessThan(500);
    expectPxmError(await t.http.get('/pcm/variations').set(t.storefront), 403);
  });
});
