import { createProduct } from '../support/factories';
import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A file uploaded with `public: false` is for the store's own use: a storefront (implicit) token can neither
 * list, read, download nor include it; a client-credentials token sees every file.
 */
describe('catalog: private files are invisible to storefront tokens', () => {
  let t: TestApp;
  let publicId: string;
  let privateId: string;

  const upload = async (isPublic: boolean, name: string) => {
    const res = await t.http.post('/v2/files').set(t.admin).field('public', String(isPublic)).attach('file', Buffer.from(name), { filename: name, contentType: 'text/plain' });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    publicId = await upload(true, 'public.txt');
    privateId = await upload(false, 'private.txt');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists: a storefront token sees only public files, in the items and the totals; an admin sees both', async () => {
    const storefront = await t.http.get('/v2/files').set(t.storefront);
    expect(storefront.status).toBe(200);
    expect(storefront.body.data.map((f: any) => f.id)).toEqual([publicId]);
    expect(storefront.body.meta.results.total).toBe(1);
    const asked = await t.http.get('/v2/files?filter=eq(public,false)').set(t.storefront);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual([]);
    const admin = await t.http.get('/v2/files').set(t.admin);
    expect(admin.body.data.map((f: any) => f.id).sort()).toEqual([publicId, privateId].sort());
  });

  it('read and download: a private file is a 404 for a storefront token, and served to an admin', async () => {
    expectErrorDocument(await t.http.get(`/v2/files/${privateId}`).set(t.storefront), 404);
    expectErrorDocument(await t.http.get(`/v2/files/${privateId}/content`).set(t.storefront), 404);
    expect((await t.http.get(`/v2/files/${publicId}`).set(t.storefront)).status).toBe(200);
    expect((await t.http.get(`/v2/files/${publicId}/content`).set(t.storefront)).status).toBe(200);
    expect((await t.http.get(`/v2/files/${privateId}`).set(t.admin)).status).toBe(200);
    const content = await t.http.get(`/v2/files/${privateId}/content`).set(t.admin);
    expect(content.status).toBe(200);
    expect(content.text).toBe('private.txt');
  });

  it('content without any token (an <img> on a storefront page): public files only; a bad token is still refused', async () => {
    const shown = await t.http.get(`/v2/files/${publicId}/content`);
    expect([shown.status, shown.text]).toEqual([200, 'public.txt']);
    expectErrorDocument(await t.http.get(`/v2/files/${privateId}/content`), 404);
    expectErrorDocument(await t.http.get(`/v2/files/${publicId}`), 401);
    expectErrorDocument(await t.http.get(`/v2/files/${publicId}/content`).set('Authorization', 'Bearer not-a-token'), 401);
  });

  it('includes: a product shows a storefront token only its public files and main image', async () => {
    const product = await createProduct(t);
    expect((await t.http.post(`/v2/products/${product.id}/relationships/files`).set(t.admin).send({ data: [{ type: 'file', id: publicId }, { type: 'file', id: privateId }] })).status).toBe(200);
    expect((await t.http.post(`/v2/products/${product.id}/relationships/main-image`).set(t.admin).send({ data: { type: 'main_image', id: privateId } })).status).toBe(200);
    const storefront = await t.http.get(`/v2/products/${product.id}?include=files,main_image`).set(t.storefront);
    expect(storefront.status).toBe(200);
    expect((storefront.body.included?.files ?? []).map((f: any) => f.id)).toEqual([publicId]);
    expect(storefront.body.included?.main_images ?? []).toEqual([]);
    const admin = await t.http.get(`/v2/products/${product.id}?include=files,main_image`).set(t.admin);
    expect(admin.body.included.files.map((f: any) => f.id).sort()).toEqual([publicId, privateId].sort());
    expect(admin.body.included.main_images.map((f: any) => f.id)).toEqual([privateId]);
  });
});
