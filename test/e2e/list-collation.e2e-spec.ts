import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createProduct } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { ADMIN_DATABASE_URL, createTestDatabase, testDbKind, TestDatabase } from '../support/test-database';

/**
 * Lists sort and match text the same on every database, whatever locale it was created with: by the "C"
 * collation (code point order, `like` folding ASCII letters only). On PostgreSQL the database here is created
 * with an ICU locale, which would sort `a, AAAA, b, éclair, ǅemal` and fold `İ` to `i` otherwise.
 */
const NAMES = ['a', 'b', 'AAAA', 'Zebra', 'ǅemal', 'éclair', 'Éclair', 'İSTANBUL', 'istanbul', 'Istanbul', '_under', '1st'];

async function icuDatabase(): Promise<TestDatabase> {
  const name = `ca_test_icu_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new Client({ connectionString: ADMIN_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

/** What the "C" collation answers: code point order, and ILIKE folding ASCII letters only. */
const codePointOrder = (names: string[]) => [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const likeMatches = (names: string[], part: string) => names.filter((n) => asciiLower(n).includes(asciiLower(part)));

describe('lists: text order and like do not depend on the database locale', () => {
  let t: TestApp;
  let database: TestDatabase;

  beforeAll(async () => {
    database = testDbKind() === 'postgres' ? await icuDatabase() : await createTestDatabase();
    t = await createTestApp({ database });
    for (const name of NAMES) await createProduct(t.prisma, { name });
    await t.prisma.account.createMany({ data: NAMES.map((name) => ({ name, legalName: name })) });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name);

  it.each([
    ['/v2/products', 'name'],
    ['/v2/accounts', 'name'],
  ])('%s sorted by %s is code point order, and its reverse with a minus', async (path, field) => {
    const up = await t.http.get(`${path}?sort=${field}&page[limit]=100`).set(t.admin).expect(200);
    expect(names(up)).toEqual(codePointOrder(NAMES));
    const down = await t.http.get(`${path}?sort=-${field}&page[limit]=100`).set(t.admin).expect(200);
    expect(names(down)).toEqual(codePointOrder(NAMES).reverse());
  });

  it.each(['İSTANBUL', 'istanbul', 'ÉCLAIR', 'éclair', 'eclair', 'ǅ'])('like(name,*%s*) folds ASCII letters only', async (part) => {
    for (const path of ['/v2/products', '/v2/accounts']) {
      const res = await t.http.get(`${path}?filter=${encodeURIComponent(`like(name,*${part}*)`)}&sort=name&page[limit]=100`).set(t.admin).expect(200);
      expect(names(res)).toEqual(codePointOrder(likeMatches(NAMES, part)));
    }
  });
});
