import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { CatalogResolver } from '../../src/catalogs/catalog-resolver';
import { expectErrorDocument } from '../support/documents';
import { useSdkApp } from '../support/sdk';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const shopper = require('@epcc-sdk/sdks-shopper');

describe('catalog rules (/catalogs/rules) and which release a shopper sees', () => {
  const app = useSdkApp();
  let published = 0;

  async function catalog(name: string): Promise<string> {
    const h = await app.t.http.post('/pcm/hierarchies').set(app.t.admin).send({ data: { type: 'hierarchy', attributes: { name } } });
    const res = await app.t.http.post('/catalogs').set(app.t.admin).send({ data: { type: 'catalog', attributes: { name, hierarchy_ids: [h.body.data.id] } } });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  /** A published release of `catalogId`, as the publisher leaves it; the resolver is told, as after any write of this process. */
  async function publish(catalogId: string): Promise<string> {
    published++;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, published));
    const release = await app.t.prisma.catalogRelease.create({ data: { catalogId, name: 'release', status: 'PUBLISHED', publishedAt: at, percentCompleted: 100 } });
    await app.t.prisma.catalog.updateMany({ where: { id: catalogId, firstPublishedAt: null }, data: { firstPublishedAt: at } });
    app.t.app.get(CatalogResolver).invalidate();
    return release.id;
  }

  const validate = (data: Record<string, unknown>, query = '') => app.t.http.post(`/catalogs/rules/validate${query}`).set(app.t.admin).send({ data });
  const post = (attributes: Record<string, unknown>) => app.t.http.post('/catalogs/rules').set(app.t.admin).send({ data: { type: 'catalog_rule', attributes } });

  it('resolves the first published catalog when no rule matches, and nothing before any is published', async () => {
    const resolver = app.t.app.get(CatalogResolver);
    expect(await resolver.resolve({})).toBeNull();
    const first = await catalog('First');
    const second = await catalog('Second');
    await publish(second);
    const secondRelease2 = await publish(second);
    const firstRelease = await publish(first);
    // second was published first; its latest release is the one shown.
    expect(await resolver.resolve({ channel: 'anything' })).toEqual({ catalogId: second, releaseId: secondRelease2, ruleId: null });
    // A rule for a catalog with no published release is skipped.
    const unpublished = await catalog('Unpublished');
    expect((await post({ name: 'unpublished-web', catalog_id: unpublished, channels: ['web-unpublished'] })).status).toBe(201);
    expect((await resolver.resolve({ channel: 'web-unpublished' }))?.catalogId).toBe(second);
    // The rule for `first` wins for its channel.
    const rule = (await post({ name: 'first-web', catalog_id: first, channels: ['web-first'] })).body.data;
    expect(await resolver.resolve({ channel: 'web-first' })).toEqual({ catalogId: first, releaseId: firstRelease, ruleId: rule.id });
  });

  it('manages rules through the official JS SDK at /pcm/catalogs/rules', async () => {
    const { t, ep } = app;
    const id = await catalog('Wholesale');
    const book = (await t.http.post('/pcm/pricebooks').set(t.admin).send({ data: { type: 'pricebook', attributes: { name: 'Wholesale' } } })).body.data.id;
    const created = (
      await ep.Catalogs.Rules.Create({
        type: 'catalog_rule',
        attributes: { name: 'wholesale-web', catalog_id: id, channels: ['web-wholesale'], tags: ['b2b'], customer_ids: ['c-1'], schedules: [{ valid_from: '2026-01-01T00:00:00Z', valid_to: null }], pricebook_ids: [{ id: book, priority: 1 }] },
      })
    ).data;
    expect(created).toMatchObject({
      type: 'catalog_rule',
      attributes: { name: 'wholesale-web', catalog_id: id, channels: ['web-wholesale'], tags: ['b2b'], customer_ids: ['c-1'], schedules: [{ valid_from: '2026-01-01T00:00:00.000Z', valid_to: null }], pricebook_ids: [{ id: book, priority: 1 }] },
    });
    expect(created.attributes.account_ids).toBeUndefined();
    expect((await ep.Catalogs.Rules.Get(created.id)).data).toEqual(created);
    expect((await ep.Catalogs.Rules.Filter({ eq: { catalog_id: id } }).All()).data.map((r: any) => r.id)).toEqual([created.id]);
    expect((await ep.Catalogs.Rules.Filter({ eq: { channels: 'web-wholesale' } }).All()).data.map((r: any) => r.id)).toEqual([created.id]);
    expect((await t.http.get(`/catalogs/rules?filter=in(tags,b2b,b2c)`).set(t.admin)).body.data.map((r: any) => r.id)).toEqual([created.id]);
    expect((await t.http.get(`/catalogs/rules?filter=eq(customer_ids,c-1)`).set(t.admin)).body.data.map((r: any) => r.id)).toEqual([created.id]);
    expect((await t.http.get(`/catalogs/rules?filter=eq(pricebook_ids,${book})`).set(t.admin)).body.data.map((r: any) => r.id)).toEqual([created.id]);
    expect((await t.http.get(`/catalogs/rules?filter=eq(tags,nobody)`).set(t.admin)).body.meta.results.total).toBe(0);

    const updated = (await ep.Catalogs.Rules.Update(created.id, { type: 'catalog_rule', id: created.id, attributes: { name: 'wholesale-all', channels: null, schedules: null } })).data;
    expect(updated.attributes).toMatchObject({ name: 'wholesale-all', tags: ['b2b'] });
    expect(updated.attributes.channels).toBeUndefined();
    expect(updated.attributes.schedules).toBeUndefined();
    await ep.Catalogs.Rules.Delete(created.id);
    expectErrorDocument(await t.http.get(`/pcm/catalogs/rules/${created.id}`).set(t.admin), 404, { title: 'Catalog rule not found' });

    // Each change is announced as Elastic Path names it, with the rule as the API shows it.
    const events = await t.prisma.outboxEvent.findMany({ where: { name: { startsWith: 'catalog-rule.' } } });
    const ofRule = Object.fromEntries(events.filter((e: any) => e.payload?.data?.id === created.id || e.payload?.id === created.id).map((e: any) => [e.name, e.payload]));
    expect(ofRule).toEqual({ 'catalog-rule.created': { data: created }, 'catalog-rule.updated': { data: updated }, 'catalog-rule.deleted': { type: 'catalog_rule', id: created.id } });
  });

  it('manages rules and validates them through @epcc-sdk/sdks-shopper at /catalogs/rules', async () => {
    const { t } = app;
    const client = shopper.createClient({ baseUrl: t.baseUrl, auth: () => t.adminToken });
    const id = await catalog('Members');
    const release = await publish(id);
    const created = await shopper.createRule({ client, body: { data: { type: 'catalog_rule', attributes: { name: 'members-app', catalog_id: id, channels: ['app-members'], account_ids: ['acc-1'] } } } });
    expect(created.response.status).toBe(201);
    const ruleId = created.data.data.id;
    expect((await shopper.getRuleById({ client, path: { catalog_rule_id: ruleId } })).data.data.attributes).toMatchObject({ account_ids: ['acc-1'] });
    expect((await shopper.getRules({ client, query: { filter: `eq(account_ids,acc-1)` } })).data.data.map((r: any) => r.id)).toEqual([ruleId]);
    const renamed = await shopper.updateRule({ client, path: { catalog_rule_id: ruleId }, body: { data: { type: 'catalog_rule', id: ruleId, attributes: { tags: ['gold'] } } } });
    expect(renamed.data.data.attributes).toMatchObject({ name: 'members-app', tags: ['gold'] });

    const resolved = await shopper.validateCatalogRules({ client, body: { data: { match_type: 'resolve_for_shopper', channels: ['app-members'], tags: ['gold'], account_ids: ['acc-1'] } } });
    expect(resolved.response.status).toBe(200);
    expect(resolved.data.data).toEqual([expect.objectContaining({ id: ruleId, meta: { active: true, resolved_for_shopper: true, release_id: release } })]);
    // Without the account the rule does not match: no rule is resolved.
    expect((await validate({ match_type: 'resolve_for_shopper', channels: ['app-members'], tags: ['gold'] })).body.data).toEqual([]);

    const filtered = await validate({ match_type: 'filter', account_ids: ['acc-1'], catalog_id: id });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data).toEqual([expect.objectContaining({ id: ruleId, meta: { active: true, resolved_for_shopper: false, release_id: release } })]);
    expect(filtered.body.meta.results.total).toBe(1);
    expect((await validate({ match_type: 'filter', account_ids: ['acc-1'], tags: ['silver'] })).body.data).toEqual([]);

    const deleted = await shopper.deleteRuleById({ client, path: { catalog_rule_id: ruleId } });
    expect(deleted.response.status).toBe(204);
  });

  it('resolve_for_shopper picks the rule matching most criteria, the oldest on a tie, within its schedules', async () => {
    const [a, b, c] = [await catalog('A'), await catalog('B'), await catalog('C')];
    const [ra, rb] = [await publish(a), await publish(b)];
    await publish(c);
    const web = (await post({ name: 'a-web', catalog_id: a, channels: ['web-pick'] })).body.data.id;
    const webVip = (await post({ name: 'b-web-vip', catalog_id: b, channels: ['web-pick'], tags: ['vip-pick'] })).body.data.id;
    const webToo = (await post({ name: 'c-web', catalog_id: c, channels: ['web-pick'] })).body.data.id;
    const later = (await post({ name: 'c-later', catalog_id: c, channels: ['web-pick'], tags: ['vip-pick'], customer_ids: ['cust-pick'], schedules: [{ valid_from: '2030-01-01T00:00:00Z' }] })).body.data.id;

    const pick = async (data: Record<string, unknown>) => {
      const res = await validate({ match_type: 'resolve_for_shopper', ...data });
      expect(res.status).toBe(200);
      return res.body.data[0];
    };
    expect(await pick({ channels: ['web-pick'], tags: ['vip-pick'] })).toMatchObject({ id: webVip, meta: { release_id: rb } });
    expect(await pick({ channels: ['web-pick'] })).toMatchObject({ id: web, meta: { release_id: ra } });
    expect((await pick({ channels: ['web-pick'], tags: ['vip-pick'], customer_ids: ['cust-pick'] })).id).toBe(webVip);
    expect((await pick({ channels: ['web-pick'], tags: ['vip-pick'], customer_ids: ['cust-pick'], match_date: '2030-06-01T00:00:00Z' })).id).toBe(later);
    expect(webToo).toEqual(expect.any(String));

    // The resolver reads a request's EP-Channel and EP-Context-Tag headers and its shopper, once per request.
    const resolver = app.t.app.get(CatalogResolver);
    const request = { headers: { 'ep-channel': 'web-pick', 'ep-context-tag': 'vip-pick' }, principal: { customerId: 'cust-pick' } } as unknown as Request;
    const first = resolver.forRequest(request);
    expect(resolver.forRequest(request)).toBe(first);
    expect(await first).toEqual({ catalogId: b, releaseId: rb, ruleId: webVip });

    // filter: every criterion given must hold; meta.active tells whether the rule is on at match_date (or now).
    const filtered = await validate({ match_type: 'filter', channels: ['web-pick'], tags: ['vip-pick'] }, '?page[limit]=1');
    expect(filtered.body.data.map((r: any) => r.id)).toEqual([webVip]);
    expect(filtered.body.meta.results.total).toBe(2);
    const all = await validate({ match_type: 'filter', channels: ['web-pick'], tags: ['vip-pick'] });
    expect(all.body.data.map((r: any) => [r.id, r.meta.active])).toEqual([
      [webVip, true],
      [later, false],
    ]);
    expect((await validate({ match_type: 'filter', channels: ['web-pick'], schedules: [{ valid_from: '2031-01-01T00:00:00Z', valid_to: '2031-02-01T00:00:00Z' }] })).body.data.map((r: any) => r.id)).toEqual([web, webVip, webToo, later]);
    expect((await validate({ match_type: 'filter', channels: ['web-pick'], match_date: '2031-01-01T00:00:00Z', customer_ids: ['cust-pick'] })).body.data.map((r: any) => r.id)).toEqual([later]);
  });

  it('similarity scores every rule sharing a criterion with the supplied one, highest first', async () => {
    const { t } = app;
    const client = shopper.createClient({ baseUrl: t.baseUrl, auth: () => t.adminToken });
    const [k, other] = [await catalog('Similar'), await catalog('Elsewhere')];
    const release = await publish(k);
    const book = async (name: string) => (await t.http.post('/pcm/pricebooks').set(t.admin).send({ data: { type: 'pricebook', attributes: { name } } })).body.data.id as string;
    const [b1, b2] = [await book('Similar 1'), await book('Similar 2')];
    const id = async (attributes: Record<string, unknown>) => {
      const res = await post(attributes);
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    // name 100 + catalog 3 + one channel 5
    const exact = await id({ name: 'sim-exact', catalog_id: k, channels: ['web-sim'] });
    // catalog 3 + two channels 10 + one tag 5 + two price books 4
    const broad = await id({ name: 'sim-broad', catalog_id: k, channels: ['web-sim', 'app-sim'], tags: ['vip-sim'], pricebook_ids: [{ id: b1, priority: 1 }, { id: b2, priority: 2 }] });
    // customer 5 + account 5 + the January schedule 2 (February shares no moment); 2011: no other rule of the file is on then
    const shopperRule = await id({
      name: 'sim-shopper',
      catalog_id: other,
      customer_ids: ['cust-sim'],
      account_ids: ['acc-sim'],
      schedules: [
        { valid_from: '2011-01-01T00:00:00Z', valid_to: '2011-01-31T00:00:00Z' },
        { valid_from: '2011-02-01T00:00:00Z', valid_to: '2011-02-28T00:00:00Z' },
      ],
    });
    // one tag 5 each: equal scores, the older first
    const older = await id({ name: 'sim-tag-1', catalog_id: other, tags: ['vip-sim'] });
    const newer = await id({ name: 'sim-tag-2', catalog_id: other, tags: ['vip-sim'] });
    // nothing shared: left out
    await id({ name: 'sim-none', catalog_id: other, channels: ['kiosk-sim'], tags: ['gold-sim'], customer_ids: ['cust-other'] });

    const supplied = {
      match_type: 'similarity',
      name: 'sim-exact',
      catalog_id: k.toUpperCase(),
      channels: ['web-sim', 'app-sim'],
      tags: ['vip-sim'],
      customer_ids: ['cust-sim'],
      account_ids: ['acc-sim'],
      pricebook_ids: [b1, b2],
      schedules: [{ valid_from: '2011-01-10T00:00:00Z', valid_to: '2011-01-20T00:00:00Z' }],
      match_date: '2011-02-15T00:00:00Z',
    };
    const res = await shopper.validateCatalogRules({ client, body: { data: supplied } });
    expect(res.response.status).toBe(200);
    expect(res.data.data.map((r: any) => [r.id, r.meta])).toEqual([
      [exact, { similarity_score: 108, active: true, resolved_for_shopper: false, release_id: release }],
      [broad, { similarity_score: 22, active: true, resolved_for_shopper: false, release_id: release }],
      [shopperRule, { similarity_score: 12, active: true, resolved_for_shopper: false, release_id: null }],
      [older, { similarity_score: 5, active: true, resolved_for_shopper: false, release_id: null }],
      [newer, { similarity_score: 5, active: true, resolved_for_shopper: false, release_id: null }],
    ]);
    expect(res.data.meta.results.total).toBe(5);

    // Paged like the other answers; active is read at match_date.
    const paged = await validate({ ...supplied, match_date: '2011-03-15T00:00:00Z' }, '?page[limit]=2&page[offset]=2');
    expect(paged.status).toBe(200);
    expect(paged.body.data.map((r: any) => [r.id, r.meta.similarity_score, r.meta.active])).toEqual([
      [shopperRule, 12, false],
      [older, 5, true],
    ]);
    expect(paged.body.meta.results.total).toBe(5);
    // A request sharing nothing with any rule answers none.
    expect((await validate({ match_type: 'similarity', name: 'sim-nobody', channels: ['nowhere-sim'] })).body).toMatchObject({ data: [], meta: { results: { total: 0 } } });
  });

  it('conflict answers the rules the supplied one would tie with for some shopper, at some moment', async () => {
    const c = await catalog('Conflicts');
    const id = async (attributes: Record<string, unknown>) => (await post({ catalog_id: c, ...attributes })).body.data.id as string;
    const january = await id({ name: 'con-jan', channels: ['shop-con'], tags: ['deal-con'], schedules: [{ valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-01-31T00:00:00Z' }] });
    const february = await id({ name: 'con-feb', channels: ['shop-con', 'kiosk-con'], tags: ['deal-con'], schedules: [{ valid_from: '2026-02-01T00:00:00Z', valid_to: '2026-02-28T00:00:00Z' }] });
    await id({ name: 'con-kiosk', channels: ['kiosk-con'], tags: ['deal-con'] });
    // Fewer criteria: the supplied rule would win for its shoppers. More criteria: this one would.
    await id({ name: 'con-shop', channels: ['shop-con'] });
    await id({ name: 'con-shop-customer', channels: ['shop-con'], tags: ['deal-con'], customer_ids: ['cust-con'] });

    const supplied = { match_type: 'conflict', name: 'con-new', catalog_id: c, channels: ['shop-con'], tags: ['deal-con'] };
    const overlapping = await validate({ ...supplied, schedules: [{ valid_from: '2026-01-10T00:00:00Z', valid_to: '2026-01-20T00:00:00Z' }], match_date: '2026-01-15T00:00:00Z' });
    expect(overlapping.status).toBe(200);
    expect(overlapping.body.data).toEqual([expect.objectContaining({ id: january, type: 'catalog_rule', meta: { active: true, resolved_for_shopper: false, release_id: null } })]);
    expect(overlapping.body.meta.results.total).toBe(1);
    // Always on: it meets both schedules; oldest first.
    const always = await validate({ ...supplied, match_date: '2026-02-10T00:00:00Z' });
    expect(always.body.data.map((r: any) => [r.id, r.meta.active])).toEqual([
      [january, false],
      [february, true],
    ]);
    // A schedule no rule shares, or a channel no rule names, conflicts with nothing.
    expect((await validate({ ...supplied, schedules: [{ valid_from: '2026-03-01T00:00:00Z' }] })).body.data).toEqual([]);
    expect((await validate({ ...supplied, channels: ['phone-con'] })).body.data).toEqual([]);
  });

  it('answers every bad input with a JSON error', async () => {
    const { t } = app;
    const id = await catalog('Checked');
    expectErrorDocument(await post({ catalog_id: id }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await post({ name: 'has space', catalog_id: id }), 422, { source: 'data.attributes.name' });
    expectErrorDocument(await post({ name: 'x' }), 400, { source: 'data.attributes.catalog_id' });
    expectErrorDocument(await post({ name: 'x', catalog_id: randomUUID() }), 422, { source: 'data.attributes.catalog_id', title: 'Catalog not found' });
    expectErrorDocument(await post({ name: 'x', catalog_id: 'not-a-catalog' }), 422, { source: 'data.attributes.catalog_id' });
    expectErrorDocument(await post({ name: 'x', catalog_id: id, channels: 'web' }), 400, { source: 'data.attributes.channels' });
    expectErrorDocument(await post({ name: 'x', catalog_id: id, tags: [1] }), 400, { source: 'data.attributes.tags' });
    expectErrorDocument(await post({ name: 'x', catalog_id: id, schedules: [{ valid_from: 'tomorrow' }] }), 400);
    expectErrorDocument(await post({ name: 'x', catalog_id: id, schedules: [{ valid_from: '2026-02-01T00:00:00Z', valid_to: '2026-01-01T00:00:00Z' }] }), 422, { source: 'data.attributes.schedules[0].valid_from' });
    expectErrorDocument(await post({ name: 'x', catalog_id: id, pricebook_ids: [{ id: randomUUID(), priority: 1 }] }), 422, { source: 'data.attributes.pricebook_ids[0]' });
    expectErrorDocument(await post({ name: 'x', catalog_id: id, pricebook_ids: [{ priority: 1 }] }), 400);
    expectErrorDocument(await t.http.post('/catalogs/rules').set(t.admin).send({ data: { type: 'catalog', attributes: { name: 'x', catalog_id: id } } }), 400, { source: 'data.type' });

    const rule = (await post({ name: 'checked', catalog_id: id })).body.data;
    const put = (data: Record<string, unknown>) => t.http.put(`/catalogs/rules/${rule.id}`).set(t.admin).send({ data: { type: 'catalog_rule', ...data } });
    expectErrorDocument(await put({ id: randomUUID(), attributes: { tags: ['x'] } }), 400, { source: 'data.id' });
    expectErrorDocument(await put({ id: rule.id, attributes: { name: null } }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await put({ id: rule.id, attributes: { catalog_id: randomUUID() } }), 422, { source: 'data.attributes.catalog_id' });
    expectErrorDocument(await t.http.put(`/catalogs/rules/${randomUUID()}`).set(t.admin).send({ data: { type: 'catalog_rule', attributes: { tags: ['x'] } } }), 404);
    expectErrorDocument(await t.http.get('/catalogs/rules/not-a-uuid').set(t.admin), 404);
    expectErrorDocument(await t.http.delete(`/catalogs/rules/${randomUUID()}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get('/catalogs/rules?filter=like(tags,x*)').set(t.admin), 400);

    expectErrorDocument(await validate({}), 400, { source: 'data.match_type' });
    expectErrorDocument(await validate({ match_type: 'closest' }), 400, { source: 'data.match_type' });
    expectErrorDocument(await validate({ match_type: 'similar' }), 400, { source: 'data.match_type' });
    expectErrorDocument(await validate({ match_type: 'similarity', schedules: [{ valid_from: 'yesterday' }] }), 400);
    expectErrorDocument(await validate({ match_type: 'similarity', channels: 'web' }), 400, { source: 'data.channels' });
    expectErrorDocument(await validate({ match_type: 'conflict', match_date: '2026-13-01T00:00:00Z' }), 400, { source: 'data.match_date' });
    expectErrorDocument(await validate({ match_type: 'conflict', schedules: [{ valid_from: '2026-02-01T00:00:00Z', valid_to: '2026-01-01T00:00:00Z' }] }), 422, { source: 'data.schedules[0].valid_from' });
    expectErrorDocument(await validate({ match_type: 'resolve_for_shopper', channels: ['a', 'b'] }), 422, { source: 'data.channels' });
    expectErrorDocument(await validate({ match_type: 'filter', match_date: 'soon' }), 400, { source: 'data.match_date' });

    expectErrorDocument(await t.http.get('/catalogs/rules').set(t.storefront), 403);
    expectErrorDocument(await t.http.post('/catalogs/rules/validate').set(t.storefront).send({ data: { match_type: 'filter' } }), 403);
  });
});
