import { createHash, randomBytes } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

describe('customer tokens: signing a shopper in, and the shopper reading their own record', () => {
  let t: TestApp;
  let ron: string;
  let leslie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const create = (name: string, email: string, password: string) =>
      t.http.post('/v2/customers').set(t.admin).send({ data: { type: 'customer', name, email, password } });
    ron = (await create('Ron', 'ron@example.com', 'mustache-1234')).body.data.id;
    leslie = (await create('Leslie', 'leslie@example.com', 'waffles-1234')).body.data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (email: string, password: string, auth = t.storefront) =>
    t.http.post('/v2/customers/tokens').set(auth).send({ data: { type: 'token', authentication_mechanism: 'password', email, password } });

  it('answers a token for the right password, with an implicit or a client-credentials token', async () => {
    const res = await signIn('RON@example.com', 'mustache-1234');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ type: 'token', id: expect.any(String), customer_id: ron, token: expect.any(String), expires: expect.any(Number) });
    const inADay = Date.now() / 1000 + 24 * 3600;
    expect(Math.abs(res.body.data.expires - inADay)).toBeLessThan(600);
    const stored = await t.prisma.customerToken.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(stored.tokenHash).toBe(createHash('sha256').update(res.body.data.token).digest('hex'));
    expect((await signIn('leslie@example.com', 'waffles-1234', t.admin)).status).toBe(200);
  });

  it('answers 401 with the same detail for an unknown email and a wrong password', async () => {
    const wrongPassword = await signIn('ron@example.com', 'not-it');
    const unknownEmail = await signIn('nobody@example.com', 'mustache-1234');
    expectErrorDocument(wrongPassword, 401);
    expectErrorDocument(unknownEmail, 401);
    expect(unknownEmail.body.errors[0].detail).toBe(wrongPassword.body.errors[0].detail);
  });

  it('validates the request', async () => {
    const res = await t.http
      .post('/v2/customers/tokens')
      .set(t.storefront)
      .send({ data: { type: 'token', authentication_mechanism: 'oidc', email: 'ron@example.com', password: 'x' } });
    expectErrorDocument(res, 400, { source: 'data.authentication_mechanism' });
    expectErrorDocument(await t.http.post('/v2/customers/tokens').set(t.storefront).send({ data: { type: 'token', authentication_mechanism: 'password' } }), 400);
  });

  it('limits sign-in attempts per email: 429 with Retry-After, while other emails go on', async () => {
    const email = 'guessed@example.com';
    await t.http.post('/v2/customers').set(t.admin).send({ data: { name: 'Guessed', email, password: 'right-password' } });
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await signIn(email, `guess-${i}`)).status);
    expect(answers).toEqual(Array(10).fill(401));
    const limited = await signIn(email.toUpperCase(), 'right-password');
    expectErrorDocument(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('ron@example.com', 'mustache-1234')).status).toBe(200);
  });

  it('lets a shopper read and update their own record, and answers 404 for anyone else’s', async () => {
    const token = (await signIn('ron@example.com', 'mustache-1234')).body.data.token;
    const shopper = { ...t.storefront, 'X-Moltin-Customer-Token': token };
    expect((await t.http.get(`/v2/customers/${ron}`).set(shopper)).body.data).toMatchObject({ id: ron, email: 'ron@example.com' });
    const put = await t.http.put(`/v2/customers/${ron}`).set(shopper).send({ data: { type: 'customer', name: 'Ron Swanson' } });
    expect(put.status).toBe(200);
    expect(put.body.data.name).toBe('Ron Swanson');
    expectErrorDocument(await t.http.get(`/v2/customers/${leslie}`).set(shopper), 404);
    expectErrorDocument(await t.http.put(`/v2/customers/${leslie}`).set(shopper).send({ data: { name: 'Hacked' } }), 404);
    expectErrorDocument(await t.http.get('/v2/customers').set(shopper), 403);
    expectErrorDocument(await t.http.delete(`/v2/customers/${ron}`).set(shopper), 403);
    expectErrorDocument(await t.http.get(`/v2/customers/${ron}`).set(t.storefront), 403);
  });

  it('answers 401 for a forged or an expired customer token', async () => {
    const forged = { ...t.storefront, 'X-Moltin-Customer-Token': randomBytes(32).toString('base64url') };
    expectErrorDocument(await t.http.get(`/v2/customers/${ron}`).set(forged), 401);
    const expired = randomBytes(32).toString('base64url');
    await t.prisma.customerToken.create({
      data: { customerId: ron, tokenHash: createHash('sha256').update(expired).digest('hex'), expiresAt: new Date(Date.now() - 1000) },
    });
    expectErrorDocument(await t.http.get(`/v2/customers/${ron}`).set({ ...t.storefront, 'X-Moltin-Customer-Token': expired }), 401);
  });

  it('revokes every token issued before a password or an email change, by an administrator or by the shopper', async () => {
    const created = await t.http.post('/v2/customers').set(t.admin).send({ data: { name: 'April', email: 'april@example.com', password: 'april-one-1' } });
    const id = created.body.data.id;
    const as = (token: string) => ({ ...t.storefront, 'X-Moltin-Customer-Token': token });
    const first = (await signIn('april@example.com', 'april-one-1')).body.data.token;
    const second = (await signIn('april@example.com', 'april-one-1')).body.data.token;
    // A change of name keeps the sessions.
    await t.http.put(`/v2/customers/${id}`).set(as(first)).send({ data: { name: 'April Ludgate' } }).expect(200);
    expect((await t.http.get(`/v2/customers/${id}`).set(as(first))).status).toBe(200);

    await t.http.put(`/v2/customers/${id}`).set(t.admin).send({ data: { password: 'april-two-2' } }).expect(200);
    expectErrorDocument(await t.http.get(`/v2/customers/${id}`).set(as(first)), 401);
    expectErrorDocument(await t.http.get(`/v2/customers/${id}`).set(as(second)), 401);
    expect((await signIn('april@example.com', 'april-one-1')).status).toBe(401);

    const third = (await signIn('april@example.com', 'april-two-2')).body.data.token;
    await t.http.put(`/v2/customers/${id}`).set(as(third)).send({ data: { password: 'april-three-3' } }).expect(200);
    expectErrorDocument(await t.http.get(`/v2/customers/${id}`).set(as(third)), 401);

    const fourth = (await signIn('april@example.com', 'april-three-3')).body.data.token;
    await t.http.put(`/v2/customers/${id}`).set(t.admin).send({ data: { email: 'april.ludgate@example.com' } }).expect(200);
    expectErrorDocument(await t.http.get(`/v2/customers/${id}`).set(as(fourth)), 401);
    const fifth = (await signIn('april.ludgate@example.com', 'april-three-3')).body.data.token;
    expect((await t.http.get(`/v2/customers/${id}`).set(as(fifth))).status).toBe(200);
  });

  it('stops a deleted customer’s tokens at once', async () => {
    const created = await t.http.post('/v2/customers').set(t.admin).send({ data: { name: 'Tammy', email: 'tammy@example.com', password: 'tammy-two-2' } });
    const token = (await signIn('tammy@example.com', 'tammy-two-2')).body.data.token;
    await t.http.delete(`/v2/customers/${created.body.data.id}`).set(t.admin);
    expectErrorDocument(await t.http.get(`/v2/customers/${created.body.data.id}`).set({ ...t.storefront, 'X-Moltin-Customer-Token': token }), 401);
  });
});
