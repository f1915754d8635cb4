import { randomUUID } from 'node:crypto';
import { createOrder, createProduct } from '../support/factories';
import { discoverRoutes } from '../support/app-routes';
import { seedAccountMember } from '../support/account-management-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The spec's keyset walk by `id`: "filter where the attribute is greater than (for `id`) the last value of the
 * previous page; stop when a page returns no records". Every top-level list that accepts `sort=id` (found from
 * the router, so a list added later is walked too) must accept gt/ge/lt/le on `id`, comparing as PostgreSQL
 * compares uuids (the order `sort=id` returns), and the walk must return every record exactly once.
 */

const RECORDS = 7; // 4 pages of 2 (and an empty fifth that ends the walk)
const LIMIT = 2;

interface Walk {
  ids: string[];
  pages: number;
}

describe('lists: keyset walks by id', () => {
  let t: TestApp;
  let lists: string[];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < RECORDS; i++) {
      await createProduct(t);
      await createOrder(t);
      await t.prisma.category.create({ data: { name: `Walk ${i}`, slug: `walk-${randomUUID()}`, status: 'live' } });
      await t.prisma.file.create({ data: { fileName: `walk-${i}.png`, mimeType: 'image/png', location: `https://example.com/walk-${i}.png` } });
      await t.prisma.account.create({ data: { name: `Walk ${i}`, legalName: `Walk ${i} Ltd` } });
      await t.prisma.integration.create({ data: { name: `Walk ${i}`, url: 'https://example.com/hook', observes: ['order.created'], signingSecret: `walk-secret-${i}` } });
      const email = `walk-${i}-${randomUUID()}@example.com`;
      await t.prisma.customer.create({ data: { name: `Walk ${i}`, email, emailKey: email } });
      await seedAccountMember(t, i);
    }
    const topLevel = discoverRoutes(t).filter((r) => r.method === 'GET' && !r.isPublic && !r.path.includes(':') && r.path.startsWith('/v2/'));
    lists = [];
    for (const route of topLevel) {
      const res = await t.http.get(route.path).query({ sort: 'id' }).set(t.admin);
      if (res.status !== 200 || !Array.isArray(res.body.data) || !res.body.meta?.page) continue;
      // A list that reads sort=id answers sort=-id the other way round (the fixed gateways list reads no sort).
      const desc = await t.http.get(route.path).query({ sort: '-id' }).set(t.admin);
      if (res.body.data.length < 2 || desc.body.data?.[0]?.id !== res.body.data[0].id) lists.push(route.path);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function page(path: string, query: Record<string, string>): Promise<string[]> {
    const res = await t.http.get(path).query({ 'page[limit]': String(LIMIT), ...query }).set(t.admin);
    if (res.status !== 200) throw new Error(`${path} ${JSON.stringify(query)} → ${res.status} ${res.text.slice(0, 300)}`);
    return res.body.data.map((r: { id: string }) => r.id);
  }

  /** First page sorted by id, then each next page after the last id seen, until a page is empty. */
  async function walk(path: string, direction: 'asc' | 'desc'): Promise<Walk> {
    const sort = direction === 'asc' ? 'id' : '-id';
    const op = direction === 'asc' ? 'gt' : 'lt';
    const ids: string[] = [];
    let pages = 0;
    for (let batch = await page(path, { sort }); batch.length; batch = await page(path, { sort, filter: `${op}(id,${ids[ids.length - 1]})` })) {
      ids.push(...batch);
      pages++;
      if (pages > RECORDS * 2) throw new Error(`${path}: the walk does not end`);
    }
    return { ids, pages };
  }

  async function allIds(path: string): Promise<string[]> {
    const res = await t.http.get(path).query({ 'page[limit]': '100' }).set(t.admin);
    return res.body.data.map((r: { id: string }) => r.id);
  }

  it('finds the lists that sort by id (the top-level collections the spec names among them)', () => {
    expect(lists).toEqual(expect.arrayContaining(['/v2/products', '/v2/categories', '/v2/files', '/v2/orders', '/v2/accounts', '/v2/integrations', '/v2/customers']));
  });

  it('sort=id with gt(id,last) returns every record once, in uuid order, over at least 3 pages; sort=-id with lt(id,last) the reverse', async () => {
    const problems: string[] = [];
    for (const path of lists) {
      // Lower-case hexadecimal text sorts as PostgreSQL sorts uuid values (byte by byte).
      const expected = (await allIds(path)).sort();
      if (expected.length < RECORDS) problems.push(`${path}: ${expected.length} records; the test should seed at least ${RECORDS}`);
      const up = await walk(path, 'asc').catch((e: Error) => e);
      const down = await walk(path, 'desc').catch((e: Error) => e);
      if (up instanceof Error || down instanceof Error) {
        problems.push(String(up instanceof Error ? up.message : (down as Error).message));
        continue;
      }
      if (JSON.stringify(up.ids) !== JSON.stringify(expected)) problems.push(`${path}: gt walk ${up.ids.join()} ≠ ${expected.join()}`);
      if (JSON.stringify(down.ids) !== JSON.stringify([...expected].reverse())) problems.push(`${path}: lt walk ${down.ids.join()}`);
      if (up.pages < 3 || down.pages < 3) problems.push(`${path}: ${up.pages}/${down.pages} pages`);
    }
    expect(problems).toEqual([]);
  });

  it('ge(id,x) and le(id,x) include x; the comparison is on uuids (upper-case operands too)', async () => {
    const problems: string[] = [];
    for (const path of lists) {
      const sorted = (await allIds(path)).sort();
      const middle = sorted[3];
      const ge = await page(path, { sort: 'id', filter: `ge(id,${middle.toUpperCase()})` }).catch((e: Error) => [e.message]);
      const le = await page(path, { sort: '-id', filter: `le(id,${middle})` }).catch((e: Error) => [e.message]);
      if (JSON.stringify(ge) !== JSON.stringify(sorted.slice(3, 3 + LIMIT))) problems.push(`${path}: ge → ${ge.join()}`);
      if (JSON.stringify(le) !== JSON.stringify([sorted[3], sorted[2]])) problems.push(`${path}: le → ${le.join()}`);
    }
    expect(problems).toEqual([]);
  });
});
