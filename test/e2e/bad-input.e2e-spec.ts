import { randomUUID } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createOrder, createProduct } from '../support/factories';
import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp, TEST_CLIENT_ID } from '../support/test-app';

/**
 * Bad input answers a 4xx error document that names the field, never a 500 — the cases an adversarial
 * pass found, one by one. The property-based sweep over every route is write-input-fuzz.e2e-spec.ts.
 */
describe('bad input: each refused with a 4xx that names the field', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: '1000000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('null for a field that cannot hold it', () => {
    it('PUT /accounts/:id with name or legal_name null is a 400 naming the field, and changes nothing', async () => {
      const created = await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name: 'Acme', legal_name: 'Acme Ltd' } });
      expect(created.status).toBe(201);
      for (const field of ['name', 'legal_name']) {
        const res = await t.http.put(`/v2/accounts/${created.body.data.id}`).set(t.admin).send({ data: { type: 'account', [field]: null } });
        expectErrorDocument(res, 400, { source: `data.${field}` });
      }
      expect((await t.http.get(`/v2/accounts/${created.body.data.id}`).set(t.admin)).body.data).toMatchObject({ name: 'Acme', legal_name: 'Acme Ltd' });
    });

    it('PUT /integrations/:id with name, description, enabled or integration_type null is a 400 naming the field', async () => {
      const created = await t.http
        .post('/v2/integrations')
        .set(t.admin)
        .send({ data: { type: 'integration', name: 'hook', observes: ['order.created'], configuration: { url: 'https://example.com/hook' } } });
      expect(created.status).toBe(201);
      for (const field of ['name', 'description', 'enabled', 'integration_type', 'observes', 'configuration']) {
        const res = await t.http.put(`/v2/integrations/${created.body.data.id}`).set(t.admin).send({ data: { type: 'integration', [field]: null } });
        expectErrorDocument(res, 400, { source: `data.${field}` });
      }
      const url = await t.http.put(`/v2/integrations/${created.body.data.id}`).set(t.admin).send({ data: { type: 'integration', configuration: { url: null } } });
      expectErrorDocument(url, 400, { source: 'data.configuration.url' });
    });

    it('PUT /carts/:ref with name or description null is a 400 naming the field', async () => {
      const ref = `null-cart-${randomUUID()}`;
      expect((await t.http.put(`/v2/carts/${ref}`).set(t.storefront).send({ data: { name: 'Mine' } })).status).toBe(200);
      for (const field of ['name', 'description']) {
        const res = await t.http.put(`/v2/carts/${ref}`).set(t.storefront).send({ data: { [field]: null } });
        expectErrorDocument(res, 400, { source: `data.${field}` });
      }
    });

    it('PUT /orders/:id with status, shipping or shipping_address null is a 400 naming the field (not a 422 asking to retry)', async () => {
      const order = await createOrder(t);
      for (const field of ['status', 'shipping', 'shipping_address']) {
        const res = await t.http.put(`/v2/orders/${order.id}`).set(t.admin).send({ data: { type: 'order', [field]: null } });
        expectErrorDocument(res, 400, { source: `data.${field}` });
      }
      const line = await t.http.put(`/v2/orders/${order.id}`).set(t.admin).send({ data: { type: 'order', shipping_address: { line_1: null } } });
      expectErrorDocument(line, 400, { source: 'data.shipping_address.line_1' });
    });

    it('PUT /products/:id and /categories/:id with description null is a 400 naming the field', async () => {
      const product = await createProduct(t);
      expectErrorDocument(await t.http.put(`/v2/products/${product.id}`).set(t.admin).send({ data: { type: 'product', description: null } }), 400, { source: 'data.description' });
      const category = await t.http.post('/v2/categories').set(t.admin).send({ data: { type: 'category', name: 'C', slug: `c-${randomUUID()}` } });
      expect(category.status).toBe(201);
      expectErrorDocument(await t.http.put(`/v2/categories/${category.body.data.id}`).set(t.admin).send({ data: { type: 'category', description: null } }), 400, { source: 'data.description' });
    });
  });

  describe('a compressed body that does not decompress', () => {
    const garbage = Buffer.from('this is not compressed at all, only pretending');
    const routes: [string, string, string][] = [
      ['POST', '/oauth/access_token', 'application/x-www-form-urlencoded'],
      ['POST', '/oauth/access_token', 'application/json'],
      ['PUT', '/v2/settings', 'application/json'],
      ['POST', '/v2/products', 'application/json'],
    ];
    /** fetch, not supertest: supertest's client re-encodes a body sent with a Content-Encoding header. */
    const sendEncoded = async (method: string, path: string, type: string, encoding: string, body: Buffer) => {
      const res = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': type, 'Content-Encoding': encoding, ...(path.startsWith('/v2') ? t.admin : {}) },
        body: new Uint8Array(body),
      });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.json() } as any;
    };

    it.each(['gzip', 'deflate', 'br'])('Content-Encoding: %s with garbage is a 400 naming the header, on every kind of body route', async (encoding) => {
      for (const [method, path, type] of routes) {
        for (const body of [garbage, gzipSync(garbage).subarray(0, 12)]) {
          expectErrorDocument(await sendEncoded(method, path, type, encoding, body), 400, { detail: /decompress/, source: 'Content-Encoding' });
        }
      }
    });

    it('a body that decompresses is still accepted (gzip, br)', async () => {
      const form = Buffer.from(`grant_type=implicit&client_id=${TEST_CLIENT_ID}`);
      for (const [encoding, body] of [
        ['gzip', gzipSync(form)],
        ['br', brotliCompressSync(form)],
      ] as const) {
        expect((await sendEncoded('POST', '/oauth/access_token', 'application/x-www-form-urlencoded', encoding, body)).status).toBe(200);
      }
    });

    it('a compressed multipart upload that does not decompress is a 4xx', async () => {
      const res = await sendEncoded('POST', '/v2/files', 'multipart/form-data; boundary=xyz', 'gzip', garbage);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(Number(res.body.errors?.[0]?.status)).toBe(res.status);
    });
  });

  describe('files', () => {
    it('a file_location with a malformed % escape is a 422 naming file_location', async () => {
      for (const location of ['https://example.com/%', 'https://example.com/a%zzb.png', 'https://example.com/%E0%A4%A']) {
        const res = await t.http.post('/v2/files').set(t.admin).field('file_location', location);
        expectErrorDocument(res, 422, { title: 'file_location invalid', source: 'file_location' });
      }
      const ok = await t.http.post('/v2/files').set(t.admin).field('file_location', 'https://example.com/caf%C3%A9.png');
      expect(ok.status).toBe(201);
      expect(ok.body.data.file_name).toBe('café.png');
    });

    it('public together with file_location is a 400 naming public, as in Elastic Path', async () => {
      const res = await t.http.post('/v2/files').set(t.admin).field('public', 'true').field('file_location', 'https://example.com/a.png');
      expectErrorDocument(res, 400, { source: 'public' });
    });

    it('stores UTF-8 file names as sent (é.txt), and downloads them under that name', async () => {
      const res = await t.http.post('/v2/files').set(t.admin).field('public', 'true').attach('file', Buffer.from('hello'), { filename: 'é.txt', contentType: 'text/plain' });
      expect(res.status).toBe(201);
      expect(res.body.data.file_name).toBe('é.txt');
      const content = await t.http.get(`/v2/files/${res.body.data.id}/content`).set(t.admin);
      expect(content.status).toBe(200);
      expect(content.headers['content-disposition']).toContain("filename*=UTF-8''%C3%A9.txt");
    });
  });

  describe('string lengths', () => {
    it('custom_reference and paymentmethod_meta strings are length-limited like other strings', async () => {
      const order = await createOrder(t);
      const long = 'r'.repeat(256);
      for (const [field, meta] of [
        ['data.paymentmethod_meta.custom_reference', { custom_reference: long }],
        ['data.paymentmethod_meta.name', { name: long }],
      ] as const) {
        const res = await t.http.post(`/v2/orders/${order.id}/payments`).set(t.admin).send({ data: { gateway: 'manual', method: 'authorize', paymentmethod_meta: meta } });
        expectErrorDocument(res, 400, { source: field });
      }
      const paid = await t.http.post(`/v2/orders/${order.id}/payments`).set(t.admin).send({ data: { gateway: 'manual', method: 'authorize' } });
      expect(paid.status).toBe(200);
      const capture = await t.http.post(`/v2/orders/${order.id}/transactions/${paid.body.data.id}/capture`).set(t.admin).send({ data: { custom_reference: long } });
      expectErrorDocument(capture, 400, { source: 'data.custom_reference' });
      expect(await t.prisma.transaction.count({ where: { orderId: order.id } })).toBe(1);
    });
  });

  describe('NUL bytes', () => {
    it('a NUL byte in a string is a 400 whose source names the field, nested or not', async () => {
      const product = await createProduct(t);
      expectErrorDocument(await t.http.put(`/v2/products/${product.id}`).set(t.admin).send({ data: { type: 'product', name: 'a\u0000b' } }), 400, { source: 'data.name' });
      const order = await createOrder(t);
      expectErrorDocument(
        await t.http.put(`/v2/orders/${order.id}`).set(t.admin).send({ data: { type: 'order', shipping_address: { city: 'Par\u0000is' } } }),
        400,
        { source: 'data.shipping_address.city' },
      );
      expectErrorDocument(await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name: 'x', legal_name: 'y', registration_id: '\u0000' } }), 400, { source: 'data.registration_id' });
      expectErrorDocument(await t.http.post('/oauth/access_token').type('form').send({ grant_type: 'implicit', client_id: `a\u0000b` }), 400, { source: 'client_id' });
      expectErrorDocument(await t.http.post('/v2/files').set(t.admin).field('file_location', 'https://example.com/a.png').field('file_name', 'a\u0000.png'), 400, { source: 'file_name' });
    });
  });

  describe('methods', () => {
    it('a wrong method on an existing path is a 405 error document with an Allow header', async () => {
      const settings = await t.http.post('/v2/settings').set(t.admin).send({ data: {} });
      expectErrorDocument(settings, 405, { title: 'Method Not Allowed' });
      expect(settings.headers.allow?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
      const product = await t.http.patch(`/v2/products/${randomUUID()}`).set(t.admin).send({});
      expectErrorDocument(product, 405);
      expect(product.headers.allow?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
      const token = await t.http.get('/oauth/access_token');
      expectErrorDocument(token, 405);
      expect(token.headers.allow).toBe('POST');
      // An unknown path is still a 404.
      expectErrorDocument(await t.http.get('/v2/no-such-thing').set(t.admin), 404);
    });

    it('a wrong method is answered before authentication (no token needed to learn the methods)', async () => {
      const res = await t.http.delete('/v2/orders');
      expectErrorDocument(res, 405);
      expect(res.headers.allow).toBe('GET, HEAD');
    });
  });
});
