import { randomUUID } from 'node:crypto';
import { checkoutApi, createAccountCartAssociation, createClient, getCarts } from '@epcc-sdk/sdks-shopper';
import { signedInAccountMember } from '../support/account-management-fixtures';
import { expectErrorDocument } from '../support/documents';
import { createProduct } from '../support/factories';
import { CHECKOUT_BILLING } from '../support/flows';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const HEADER = 'EP-Account-Management-Authentication-Token';

/** An account's carts, checkouts and orders are its own: what its members' tokens reach, and what they never do. */
describe("an account's carts, orders and account record", () => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  let april: { memberId: string; token: string };
  let bob: { memberId: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    const account = async (name: string) => (await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name, legal_name: `${name} Ltd` } })).body.data.id as string;
    acme = await account('Acme');
    globex = await account('Globex');
    const a = await signedInAccountMember(t, 'April', [acme]);
    const b = await signedInAccountMember(t, 'Bob', [globex]);
    april = { memberId: a.memberId, token: a.tokens[acme] };
    bob = { memberId: b.memberId, token: b.tokens[globex] };
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (member: { token: string }) => ({ ...t.storefront, [HEADER]: member.token });
  /** A cart holding one product, by a storefront. */
  async function filledCart(): Promise<string> {
    const product = await createProduct(t.prisma, { amount: 2500 });
    const ref = `cart-${randomUUID()}`;
    await t.http.post(`/v2/carts/${ref}/items`).set(t.storefront).send({ data: { type: 'cart_item', id: product.id, quantity: 2 } }).expect(201);
    return ref;
  }

  it("checks a cart out as the account through the official SDK's CheckoutWithAccountManagementToken, and the order is the account's", async () => {
    const ref = await filledCart();
    const cart = sdkFor(t, 'storefront').Cart(ref);
    expect((await cart.AddAccountAssociation(acme, april.token)).data).toEqual([{ type: 'account', id: acme }]);
    const order = (await cart.CheckoutWithAccountManagementToken({ name: 'April Ludgate', email: 'april@example.com' }, CHECKOUT_BILLING, CHECKOUT_BILLING, april.token)).data;
    expect(order).toMatchObject({
      contact: { name: 'April Ludgate', email: 'april@example.com' },
      relationships: { account: { data: { type: 'account', id: acme } }, account_member: { data: { type: 'account_member', id: april.memberId } } },
      meta: { display_price: { with_tax: { amount: 5000 } } },
    });

    // Her account's orders are hers to read and pay; Bob's account sees none of them.
    const mine = await t.http.get('/v2/orders').set(as(april));
    expect(mine.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(mine.body.meta.results.total).toBe(1);
    expect((await t.http.get('/v2/orders').set(as(bob))).body.data).toEqual([]);
    expectErrorDocument(await t.http.get(`/v2/orders/${order.id}`).set(as(bob)), 404);
    expectErrorDocument(await t.http.get(`/v2/orders/${order.id}/items`).set(as(bob)), 404);
    expectErrorDocument(await t.http.post(`/v2/orders/${order.id}/payments`).set(as(bob)).send({ data: { gateway: 'manual', method: 'purchase' } }), 404);
    const aprilsOrders = sdkFor(t, 'storefront', { [HEADER]: april.token }).Orders;
    expect((await aprilsOrders.Get(order.id)).data.id).toBe(order.id);
    expect((await aprilsOrders.Items(order.id)).data).toHaveLength(1);
    await expect(sdkFor(t, 'storefront', { [HEADER]: bob.token }).Orders.Get(order.id)).rejects.toMatchObject({ errors: [{ status: 404 }] });
    const paid = await t.http.post(`/v2/orders/${order.id}/payments`).set(as(april)).send({ data: { gateway: 'manual', method: 'purchase' } });
    expect(paid.status).toBe(200);
    expect((await t.http.get(`/v2/orders/${order.id}/transactions`).set(as(april))).body.data).toHaveLength(1);
    expectErrorDocument(await t.http.get(`/v2/orders/${order.id}/transactions`).set(as(bob)), 404);
    // An administrator filters by account.
    const byAccount = await t.http.get('/v2/orders').query({ filter: `eq(account_id,${acme})` }).set(t.admin);
    expect(byAccount.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });

  it("lists an account's carts with its token (@epcc-sdk/sdks-shopper's getCarts and createAccountCartAssociation), and refuses another account", async () => {
    const shopper = createClient({ baseUrl: t.baseUrl, auth: t.storefront.Authorization.replace(/^Bearer /, '') });
    const ref = await filledCart();
    const associated = await createAccountCartAssociation({ client: shopper, path: { cartID: ref }, body: { data: [{ type: 'account', id: globex }] }, headers: { [HEADER]: bob.token } });
    expect(associated.response.status).toBe(200);
    // The official SDK's GetCartsList, with the account token configured as a storefront sends it.
    const listed = await sdkFor(t, 'storefront', { [HEADER]: bob.token }).Cart().GetCartsList();
    expect(listed.data.map((c: { id: string }) => c.id)).toEqual([ref]);
    const carts = await getCarts({ client: shopper, headers: { [HEADER]: bob.token } });
    expect(carts.response.status).toBe(200);
    expect((carts.data as { data: { id: string }[] }).data.map((c) => c.id)).toEqual([ref]);
    expect((await t.http.get('/v2/carts').set(as(april))).body.data.map((c: { id: string }) => c.id)).not.toContain(ref);

    const other = await createAccountCartAssociation({ client: shopper, path: { cartID: ref }, body: { data: [{ type: 'account', id: acme }] }, headers: { [HEADER]: bob.token } });
    expect(other.response.status).toBe(403);
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/accounts`).set(t.storefront).send({ data: [{ type: 'account', id: acme }] }), 400);
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/accounts`).set(t.admin).send({ data: [{ type: 'customer', id: acme }] }), 400, { source: 'data[0].type' });
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/accounts`).set(t.admin).send({ data: [{ type: 'account', id: randomUUID() }] }), 404);
    await t.http.delete(`/v2/carts/${ref}/relationships/accounts`).set(as(bob)).send({ data: [{ type: 'account', id: globex }] }).expect(204);
    expect((await t.http.get('/v2/carts').set(as(bob))).body.data).toEqual([]);
  });

  it("checks out with @epcc-sdk/sdks-shopper's checkoutApi and the account token; a body naming another account or member is 403", async () => {
    const shopper = createClient({ baseUrl: t.baseUrl, auth: t.storefront.Authorization.replace(/^Bearer /, '') });
    const ref = await filledCart();
    const wrong = await checkoutApi({
      client: shopper,
      path: { cartID: ref },
      headers: { [HEADER]: bob.token },
      body: { data: { account: { id: acme, member_id: april.memberId }, contact: { email: 'bob@example.com' }, billing_address: CHECKOUT_BILLING } } as never,
    });
    expect(wrong.response.status).toBe(403);
    const res = await checkoutApi({
      client: shopper,
      path: { cartID: ref },
      headers: { [HEADER]: bob.token },
      body: { data: { account: { id: globex, member_id: bob.memberId }, billing_address: CHECKOUT_BILLING } } as never,
    });
    expect(res.response.status).toBe(201);
    // No contact sent: the member's own name and email.
    expect((res.data as any).data).toMatchObject({ contact: { name: 'Bob', email: expect.stringMatching(/^bob-.*@example\.com$/) }, relationships: { account: { data: { id: globex } } } });
  });

  it('lets an administrator check out for an account and member; refuses an account checkout without a token, a non-member and a customer beside an account', async () => {
    const checkout = async (auth: Record<string, string>, data: Record<string, unknown>) => t.http.post(`/v2/carts/${await filledCart()}/checkout`).set(auth).send({ data: { billing_address: CHECKOUT_BILLING, ...data } });
    const byAdmin = await checkout(t.admin, { account: { id: acme, member_id: april.memberId }, contact: { name: 'Accounts', email: 'ap@acme.example' } });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.data).toMatchObject({ contact: { email: 'ap@acme.example' }, relationships: { account: { data: { id: acme } } } });
    expectErrorDocument(await checkout(t.storefront, { account: { id: acme, member_id: april.memberId }, contact: { email: 'x@example.com' } }), 403);
    expectErrorDocument(await checkout(t.admin, { account: { id: acme, member_id: bob.memberId } }), 422, { source: 'data.account.member_id' });
    expectErrorDocument(await checkout(t.admin, { account: { id: randomUUID(), member_id: bob.memberId } }), 404);
    expectErrorDocument(await checkout(as(april), { customer: { name: 'X', email: 'x@example.com' } }), 400, { source: 'data.customer' });
    expectErrorDocument(await checkout(t.admin, { account: { id: 'nope', member_id: bob.memberId } }), 400, { source: 'data.account.id' });
    expectErrorDocument(await checkout(t.storefront, {}), 400, { source: 'data.customer' });
  });

  it('shows a member its own account only, and lets it rename it', async () => {
    const aprils = sdkFor(t, 'storefront', { [HEADER]: april.token });
    expect((await aprils.Accounts.Get(acme)).data.name).toBe('Acme');
    await expect(aprils.Accounts.Get(globex)).rejects.toMatchObject({ errors: [{ status: '404' }] });
    expectErrorDocument(await t.http.get(`/v2/accounts/${globex}`).set(as(april)), 404);
    expectErrorDocument(await t.http.put(`/v2/accounts/${globex}`).set(as(april)).send({ data: { type: 'account', name: 'Mine' } }), 404);
    const renamed = await t.http.put(`/v2/accounts/${acme}`).set(as(april)).send({ data: { type: 'account', name: 'Acme Corp' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Acme Corp');
    expectErrorDocument(await t.http.get(`/v2/accounts/${acme}`).set(t.storefront), 403);
    expectErrorDocument(await t.http.get('/v2/accounts').set(as(april)), 403);
  });
});
