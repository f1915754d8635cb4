import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('token endpoint: client authentication by Authorization: Basic (RFC 6749 client password)', () => {
  it('issues a client_credentials token from a Basic header and a form body with grant_type only, as Swagger UI sends it', async () => {
    const res = await t.http
      .post('/oauth/access_token')
      .set('Authorization', basic(TEST_CLIENT_ID, TEST_CLIENT_SECRET))
      .type('form')
      .send('grant_type=client_credentials&scope=');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ identifier: 'client_credentials', token_type: 'Bearer', expires_in: 3600 });
    const products = await t.http.get('/v2/products').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(products.status).toBe(200);
  });

  it('accepts form-encoded credentials in the header and a matching client_id in the body', async () => {
    const res = await t.http
      .post('/oauth/access_token')
      .set('Authorization', basic(encodeURIComponent(TEST_CLIENT_ID), encodeURIComponent(TEST_CLIENT_SECRET)))
      .send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong secret or an unknown client in the header with 401', async () => {
    for (const header of [basic(TEST_CLIENT_ID, 'wrong-secret-xxxxxxxx'), basic('nope', TEST_CLIENT_SECRET)]) {
      const res = await t.http.post('/oauth/access_token').set('Authorization', header).type('form').send({ grant_type: 'client_credentials' });
      expectErrorDocument(res, 401);
    }
  });

  it('refuses credentials sent both in the header and in the body, or naming two clients, with 400', async () => {
    expectErrorDocument(
      await t.http
        .post('/oauth/access_token')
        .set('Authorization', basic(TEST_CLIENT_ID, TEST_CLIENT_SECRET))
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }),
      400,
      { source: 'client_secret' },
    );
    expectErrorDocument(
      await t.http
        .post('/oauth/access_token')
        .set('Authorization', basic(TEST_CLIENT_ID, TEST_CLIENT_SECRET))
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: 'another-client' }),
      400,
      { source: 'client_id' },
    );
  });

  it('refuses a malformed Basic header with 400 and still requires grant_type', async () => {
    for (const header of ['Basic', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, `Basic ${Buffer.from(':secret').toString('base64')}`]) {
      const res = await t.http.post('/oauth/access_token').set('Authorization', header).type('form').send({ grant_type: 'client_credentials' });
      expectErrorDocument(res, 400, { source: 'Authorization' });
    }
    const res = await t.http.post('/oauth/access_token').set('Authorization', basic(TEST_CLIENT_ID, TEST_CLIENT_SECRET)).type('form').send({});
    expectErrorDocument(res, 400, { source: 'grant_type' });
  });

  it('ignores a non-Basic Authorization header and reads the body as before', async () => {
    const res = await t.http
      .post('/oauth/access_token')
      .set('Authorization', 'Bearer something')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET });
    expect(res.status).toBe(200);
  });
});

describe('OpenAPI document at /docs-json: trying calls from Swagger UI', () => {
  it('declares the client-credentials flow against the token endpoint and requires a token on protected operations only', async () => {
    const res = await t.http.get('/docs-json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.components.securitySchemes.oauth2).toEqual(
      expect.objectContaining({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/access_token', scopes: {} } } }),
    );
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.paths['/v2/products'].get.security).toEqual([{ oauth2: [] }, { bearer: [] }]);
    expect(doc.paths['/oauth/access_token'].post.security).toEqual([]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('x-public-operation');
  });
});
