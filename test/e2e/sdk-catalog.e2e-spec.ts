import { solidPng } from '../../src/seed/png';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const FormData = require('form-data');

/** The official JS SDK, unchanged, against the catalog: categories, files, products, relationships, includes, paging. */
describe('SDK: catalog', () => {
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

  it('builds a catalogue and reads it back with includes, paging, sort and filter', async () => {
    const category = (await ep.Categories.Create({ name: 'Shoes', slug: 'shoes', description: 'Feet', status: 'live' })).data;
    expect(category).toMatchObject({ type: 'category', name: 'Shoes', status: 'live' });

    const form = new FormData();
    form.append('file', solidPng(4, 4, [0, 128, 255]), { filename: 'shoe.png', contentType: 'image/png' });
    form.append('public', 'true');
    const file = (await ep.Files.Create(form.getBuffer(), form.getHeaders()['content-type'])).data;
    expect(file).toMatchObject({ type: 'file', file_name: 'shoe.png', mime_type: 'image/png', meta: { dimensions: { width: 4, height: 4 } } });
    expect((await ep.Files.Get(file.id)).data.id).toBe(file.id);

    const products: any[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await ep.Products.Create({
        name: `Shoe ${i}`,
        slug: `shoe-${i}`,
        sku: `SHOE-${i}`,
        description: 'A shoe',
        manage_stock: false,
        price: [{ amount: 1000 + i, currency: 'USD', includes_tax: true }],
        status: i === 4 ? 'draft' : 'live',
        commodity_type: 'physical',
      });
      products.push(p.data);
    }
    const [p0] = products;
    await ep.Products.CreateRelationships(p0.id, 'category', [category.id]);
    await ep.Products.CreateRelationships(p0.id, 'main-image', file.id);
    await ep.Products.CreateRelationships(p0.id, 'file', [file.id]);
    const got = (await ep.Products.Get(p0.id)).data;
    expect(got.relationships).toEqual({
      categories: { data: [{ type: 'category', id: category.id }] },
      files: { data: [{ type: 'file', id: file.id }] },
      main_image: { data: { type: 'main_image', id: file.id } },
    });

    const withImage = await ep.Products.With('main_image').All();
    expect(withImage.included.main_images).toEqual([expect.objectContaining({ id: file.id, type: 'file' })]);
    const withBoth = await ep.Products.With(['main_image', 'categories']).All();
    expect(withBoth.included.main_images).toHaveLength(1);
    expect(withBoth.included.categories).toEqual([expect.objectContaining({ id: category.id, type: 'category' })]);

    const cat = await ep.Categories.With('products').Get(category.id);
    expect(cat.data.relationships.products.data).toEqual([{ type: 'product', id: p0.id }]);
    expect(cat.included.products).toEqual([expect.objectContaining({ id: p0.id, type: 'product' })]);

    const paged = await ep.Products.Limit(2).Offset(2).All();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.page).toEqual({ limit: 2, offset: 2, current: 2, total: 3 });
    expect(paged.meta.results.total).toBe(5);
    expect(paged.links.prev).toContain('page[offset]=0');
    expect(paged.links.next).toContain('page[offset]=4');

    const live = await ep.Products.Sort('-created_at').Filter({ eq: { status: 'live' } }).All();
    expect(live.data.map((p: any) => p.id)).toEqual(products.slice(0, 4).map((p) => p.id).reverse());

    await ep.Products.UpdateRelationships(p0.id, 'category', []);
    await ep.Products.DeleteRelationships(p0.id, 'main-image', file.id);
    expect((await ep.Products.Get(p0.id)).data.relationships).toEqual({ files: { data: [{ type: 'file', id: file.id }] } });

    const tree = await ep.Categories.Tree();
    expect(tree.data.map((c: any) => c.id)).toContain(category.id);
    expect((await ep.Files.All()).data).toHaveLength(1);
    await ep.Products.Delete(products[4].id);
    await ep.Files.Delete(file.id);
    expect((await ep.Files.All()).data).toHaveLength(0);
  });

  it('the SDK\'s "[object FormData]" upload bug gets a clear 400', async () => {
    const form = new FormData();
    form.append('file', solidPng(1, 1, [0, 0, 0]), { filename: 'x.png', contentType: 'image/png' });
    await expect(ep.Files.Create(form, form.getHeaders()['content-type'])).rejects.toMatchObject({
      errors: [expect.objectContaining({ detail: expect.stringMatching(/multipart\/form-data body with a "file" part/) })],
    });
  });
});
