import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { solidPng } from '../../src/seed/png';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument, expectPage } from '../support/documents';

describe('catalog: files', () => {
  let t: TestApp;
  const png = solidPng(3, 2, [255, 0, 0]);
  const upload = (buf = png, name = 'red.png', type = 'image/png') => t.http.post('/v2/files').set(t.admin).attach('file', buf, { filename: name, contentType: type });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads a file (201) with dimensions, link to its content, and streams the bytes back', async () => {
    const res = await t.http.post('/v2/files').set(t.admin).field('public', 'true').attach('file', png, { filename: 'red.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    const f = res.body.data;
    expect(f).toMatchObject({ type: 'file', file_name: 'red.png', mime_type: 'image/png', file_size: png.length, public: true, meta: { dimensions: { width: 3, height: 2 } } });
    expect(f.link.href).toBe(`${t.baseUrl}/v2/files/${f.id}/content`);
    expect(f.links.self).toBe(`${t.baseUrl}/v2/files/${f.id}`);
    expect(f.meta.timestamps.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    expect((await t.http.get(`/v2/files/${f.id}`).set(t.admin)).body.data).toEqual(f);
    const content = await t.http.get(`/v2/files/${f.id}/content`).set(t.storefront).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(content.body, png)).toBe(0);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'file.created' } });
    expect(events.map((e) => (e.payload as any).data.id)).toContain(f.id);
  });

  it('honours file_name and public=false; non-images have no dimensions', async () => {
    const res = await t.http
      .post('/v2/files')
      .set(t.admin)
      .field('public', 'false')
      .field('file_name', 'notes.txt')
      .attach('file', Buffer.from('hello'), { filename: 'x.txt', contentType: 'text/plain' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ file_name: 'notes.txt', public: false, mime_type: 'text/plain', file_size: 5 });
    expect(res.body.data.meta.dimensions).toBeUndefined();
  });

  it('links a file_location without storing bytes', async () => {
    const res = await t.http.post('/v2/files').set(t.admin).field('file_location', 'https://cdn.example.com/img/shoe.jpg');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ file_name: 'shoe.jpg', file_size: 0, mime_type: 'image/jpeg', link: { href: 'https://cdn.example.com/img/shoe.jpg' } });
    expectErrorDocument(await t.http.get(`/v2/files/${res.body.data.id}/content`).set(t.admin), 404);
    // As Elastic Path answers it: 422 "file_location invalid", "<x> is not a valid URL".
    for (const bad of ['ftp://x/y', 'not a url', '']) {
      const res = await t.http.post('/v2/files').set(t.admin).field('file_location', bad);
      expectErrorDocument(res, 422, { title: 'file_location invalid', detail: `${bad} is not a valid URL`, source: 'file_location' });
    }
  });

  it('links a file_location sent as JSON, the other form docs/api.md documents', async () => {
    const res = await t.http
      .post('/v2/files')
      .set(t.admin)
      .send({ data: { type: 'file', file_location: 'https://cdn.example.com/img/boot.png' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'file', file_name: 'boot.png', file_size: 0, mime_type: 'image/png', link: { href: 'https://cdn.example.com/img/boot.png' } });
    const named = await t.http.post('/v2/files').set(t.admin).send({ data: { type: 'file', file_location: 'https://cdn.example.com/x', file_name: 'Boot' } });
    expect(named.body.data).toMatchObject({ file_name: 'Boot', link: { href: 'https://cdn.example.com/x' } });
    expect((await t.http.get(`/v2/files/${res.body.data.id}`).set(t.admin)).body.data.link.href).toBe('https://cdn.example.com/img/boot.png');
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).send({ data: { type: 'file', file_location: 'ftp://x/y' } }), 422, { title: 'file_location invalid' });
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).send({ data: { type: 'file', file_location: 'https://x.test/a.png', public: true } }), 400, { source: 'public' });
  });

  it('rejects bad uploads with clear errors', async () => {
    expectErrorDocument(
      await t.http.post('/v2/files').set(t.admin).field('file_location', 'https://x.test/a.png').attach('file', png, { filename: 'a.png', contentType: 'image/png' }),
      400,
    );
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).field('public', 'true'), 400, { detail: 'You have not supplied a file to store' });
    // The SDK's Node bug: the literal text "[object FormData]" under a multipart content type.
    const bug = await t.http.post('/v2/files').set(t.admin).set('Content-Type', 'multipart/form-data; boundary=--------------------------123456789').send('[object FormData]');
    expectErrorDocument(bug, 400, { detail: /multipart\/form-data body with a "file" part/ });
    // JSON links a file; it cannot carry bytes.
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).send({ data: { type: 'file', file_name: 'a.png' } }), 400, { source: 'data.file_location' });
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).send({ file_location: 'https://x.test/a.png' }), 400, { source: 'data' });
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).send({ data: { type: 'product', file_location: 'https://x.test/a.png' } }), 400, { source: 'data.type' });
    // As Elastic Path answers it: an unsupported type is 403 "This file type is not supported".
    expectErrorDocument(await upload(Buffer.from('MZ...'), 'evil.exe', 'application/x-msdownload'), 403, {
      title: 'This file type is not supported',
      detail: /application\/x-msdownload/,
    });
    expectErrorDocument(await t.http.post('/v2/files').set(t.admin).attach('other', png, { filename: 'a.png', contentType: 'image/png' }), 400);
  });

  it('refuses files over the size limit with 413', async () => {
    const small = await createTestApp({ env: { FILE_MAX_BYTES: '1000' } });
    try {
      const res = await small.http.post('/v2/files').set(small.admin).attach('file', Buffer.alloc(2000, 1), { filename: 'big.txt', contentType: 'text/plain' });
      expectErrorDocument(res, 413);
    } finally {
      await small.close();
    }
  });

  it('implicit tokens read but cannot write', async () => {
    const f = (await upload()).body.data;
    expect((await t.http.get('/v2/files').set(t.storefront)).status).toBe(200);
    expect((await t.http.get(`/v2/files/${f.id}`).set(t.storefront)).status).toBe(200);
    expectErrorDocument(await t.http.post('/v2/files').set(t.storefront).attach('file', png, { filename: 'a.png', contentType: 'image/png' }), 403);
    expectErrorDocument(await t.http.delete(`/v2/files/${f.id}`).set(t.storefront), 403);
  });

  it('deletes with 204 and removes the stored bytes; unknown/malformed ids 404', async () => {
    const f = (await upload()).body.data;
    const stored = path.join(t.config.files.dir, f.id);
    expect(existsSync(stored)).toBe(true);
    expect((await t.http.delete(`/v2/files/${f.id}`).set(t.admin)).status).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expectErrorDocument(await t.http.get(`/v2/files/${f.id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get(`/v2/files/${f.id}/content`).set(t.admin), 404);
    expectErrorDocument(await t.http.get('/v2/files/bad-id').set(t.admin), 404);
    expectErrorDocument(await t.http.delete(`/v2/files/${randomUUID()}`).set(t.admin), 404);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'file.deleted' } });
    expect(events.map((e) => e.payload)).toContainEqual({ type: 'file', id: f.id });
  });

  it('filters on width and height with gt, ge, lt, le', async () => {
    const wide = (await upload(solidPng(40, 7, [0, 0, 255]), 'wide.png')).body.data;
    const tall = (await upload(solidPng(7, 40, [0, 255, 0]), 'tall.png')).body.data;
    const ids = async (filter: string) => {
      const res = await t.http.get('/v2/files?page[limit]=100').query({ filter }).set(t.admin);
      expect(res.status).toBe(200);
      return res.body.data.map((f: any) => f.id);
    };
    expect(await ids('ge(width,40)')).toEqual([wide.id]);
    expect(await ids('gt(height,39)')).toEqual([tall.id]);
    expect(await ids('le(width,7):ge(height,40)')).toEqual([tall.id]);
    expect(await ids('lt(height,8):gt(width,8)')).toEqual([wide.id]);
    expectErrorDocument(await t.http.get('/v2/files').query({ filter: 'gt(width,abc)' }).set(t.admin), 400, { source: 'filter' });
    expectErrorDocument(await t.http.get('/v2/files').query({ filter: 'eq(depth,1)' }).set(t.admin), 400, { source: 'filter' });
  });

  it('lists with envelope, filters, sort and the 10,000 offset hard limit', async () => {
    const total = (await t.http.get('/v2/files').set(t.admin)).body.meta.results.total;
    let res = await t.http.get('/v2/files?page[limit]=2&page[offset]=1').set(t.admin);
    expectPage(res, { limit: 2, offset: 1, total, count: Math.min(2, total - 1) });
    res = await t.http.get('/v2/files?filter=eq(file_name,nope)').set(t.admin);
    expectPage(res, { limit: 25, offset: 0, total: 0, count: 0 });
    res = await t.http.get('/v2/files?filter=like(file_name,*.png):gt(file_size,0)&sort=-file_size').set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((f: any) => f.file_name.endsWith('.png'))).toBe(true);
    const sizes = res.body.data.map((f: any) => f.file_size);
    expect(sizes).toEqual([...sizes].sort((x: number, y: number) => y - x));
    res = await t.http.get('/v2/files?filter=eq(public,false)').set(t.admin);
    expect(res.body.data.every((f: any) => f.public === false)).toBe(true);
    expectErrorDocument(await t.http.get('/v2/files?page[offset]=10001').set(t.admin), 400);
    expectErrorDocument(await t.http.get('/v2/files?sort=mime_type').set(t.admin), 400);
    expectErrorDocument(await t.http.get('/v2/files?filter=like(file_size,1)').set(t.admin), 400);
  });
});
