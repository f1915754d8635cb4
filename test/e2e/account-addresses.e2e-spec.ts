import { signedInAccountMember } from '../support/account-management-fixtures';
import { expectErrorDocument, expectPage } from '../support/documents';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const HEADER = 'EP-Account-Management-Authentication-Token';
const HOME = { first_name: 'Ron', last_name: 'Swanson', name: 'Home', line_1: '1 Sunny Street', city: 'Pawnee', postcode: 'SU33 1YY', county: 'Sunnyville', country: 'US' };

/** An account's addresses: what its own member may do with them through a storefront, and what an administrator may. */
describe('account addresses (/v2/accounts/:accountId/addresses)', () => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const account = async (name: string) => (await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name, legal_name: `${name} Ltd` } })).body.data.id as string;
    acme = await account('Acme');
    globex = await account('Globex');
    token = (await signedInAccountMember(t, 'April', [acme])).tokens[acme];
  });
  afterAll(async () => {
    await t.close();
  });
  const asMember = () => ({ ...t.storefront, [HEADER]: token });

  it("lets a member keep its account's addresses through the official SDK's AccountAddresses, with its account token", async () => {
    const ep = sdkFor(t, 'storefront');
    const created = (await ep.AccountAddresses.Create({ account: acme, body: HOME, token })).data;
    expect(created).toMatchObject({ type: 'address', ...HOME, region: null, line_2: null, relationships: { account: { data: { type: 'account', id: acme } } } });
    expect(created.links.self).toBe(`${t.baseUrl}/v2/accounts/${acme}/addresses/${created.id}`);
    expect(created.meta.timestamps.created_at).toEqual(expect.any(String));

    const work = (await ep.AccountAddresses.Create({ account: acme, body: { ...HOME, name: 'Work', county: undefined, region: 'Indiana', line_1: '100 City Hall' }, token })).data;
    const listed = await ep.AccountAddresses.All({ account: acme, token });
    expect(listed.data.map((a: { name: string }) => a.name)).toEqual(['Home', 'Work']);

    const updated = (await ep.AccountAddresses.Update({ account: acme, address: work.id, body: { instructions: 'Leave at the front desk' }, token })).data;
    expect(updated).toMatchObject({ name: 'Work', region: 'Indiana', instructions: 'Leave at the front desk' });
    expect((await ep.AccountAddresses.Get({ account: acme, address: work.id, token })).data.instructions).toBe('Leave at the front desk');

    await ep.AccountAddresses.Delete({ account: acme, address: work.id, token });
    expectErrorDocument(await t.http.get(`/v2/accounts/${acme}/addresses/${work.id}`).set(asMember()), 404);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: { in: ['address.created', 'address.updated', 'address.deleted'] } }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.name)).toEqual(['address.created', 'address.created', 'address.updated', 'address.deleted']);
  });

  it("keeps another account's addresses out of a member's reach (404), and a storefront without an account token out (403)", async () => {
    const theirs = await t.http.post(`/v2/accounts/${globex}/addresses`).set(t.admin).send({ data: { type: 'address', ...HOME } });
    expect(theirs.status).toBe(201);
    const path = `/v2/accounts/${globex}/addresses`;
    expectErrorDocument(await t.http.get(path).set(asMember()), 404);
    expectErrorDocument(await t.http.get(`${path}/${theirs.body.data.id}`).set(asMember()), 404);
    expectErrorDocument(await t.http.post(path).set(asMember()).send({ data: { type: 'address', ...HOME } }), 404);
    expectErrorDocument(await t.http.put(`${path}/${theirs.body.data.id}`).set(asMember()).send({ data: { type: 'address', name: 'Mine now' } }), 404);
    expectErrorDocument(await t.http.delete(`${path}/${theirs.body.data.id}`).set(asMember()), 404);
    // Nor is an address of one account reachable under another's path.
    expectErrorDocument(await t.http.get(`/v2/accounts/${acme}/addresses/${theirs.body.data.id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get(`/v2/accounts/${acme}/addresses`).set(t.storefront), 403);
    expect((await t.http.get(path).set(t.admin)).body.data).toHaveLength(1);
  });

  it('answers Account Management error documents (status as a string) for bad addresses, unknown accounts and ids', async () => {
    const post = (data: Record<string, unknown>, account = acme) => t.http.post(`/v2/accounts/${account}/addresses`).set(t.admin).send({ data: { type: 'address', ...data } });
    for (const missing of ['first_name', 'last_name', 'line_1', 'postcode', 'country']) {
      const { [missing]: _, ...rest } = HOME as Record<string, string>;
      const res = await post(rest);
      expectErrorDocument(res, 400, { source: `data.${missing}` });
      expect(res.body.errors[0].status).toBe('400');
    }
    const { county: _, ...neither } = HOME;
    expect((await post(neither)).status).toBe(201); // a checkout, not the address book, needs county or region
    expectErrorDocument(await post({ ...HOME, type: 'account' }), 400, { source: 'data.type' });
    expectErrorDocument(await post({ ...HOME, postcode: 42 }), 400, { source: 'data.postcode' });
    expectErrorDocument(await post(HOME, '00000000-0000-4000-8000-000000000000'), 404);
    expectErrorDocument(await post(HOME, 'not-an-id'), 404);
    expectErrorDocument(await t.http.put(`/v2/accounts/${acme}/addresses/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`).set(t.admin).send({ data: { name: 'x' } }), 404);
    const home = (await post(HOME)).body.data.id;
    expectErrorDocument(await t.http.put(`/v2/accounts/${acme}/addresses/${home}`).set(t.admin).send({ data: { first_name: null } }), 400, { source: 'data.first_name' });
  });

  it('pages and filters an account’s addresses; deleting the account deletes them', async () => {
    const account = (await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name: 'Paged', legal_name: 'Paged Ltd' } })).body.data.id;
    for (const city of ['Eagleton', 'Pawnee', 'Pawnee']) await t.http.post(`/v2/accounts/${account}/addresses`).set(t.admin).send({ data: { ...HOME, city } }).expect(201);
    const first = await t.http.get(`/v2/accounts/${account}/addresses?page[limit]=2`).set(t.admin);
    expectPage(first, { limit: 2, offset: 0, total: 3 });
    const pawnee = await t.http.get(`/v2/accounts/${account}/addresses`).query({ filter: 'eq(city,Pawnee)' }).set(t.admin);
    expect(pawnee.body.data).toHaveLength(2);
    expectErrorDocument(await t.http.get(`/v2/accounts/${account}/addresses`).query({ filter: 'eq(line_1,x)' }).set(t.admin), 400);
    await t.http.delete(`/v2/accounts/${account}`).set(t.admin).expect(204);
    expect(await t.prisma.accountAddress.count({ where: { accountId: account } })).toBe(0);
  });
});
