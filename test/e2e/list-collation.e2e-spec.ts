import { createProduct } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, testDbKind, TestDatabase } from '../support/test-database';

/**
 * Lists sort and match text the same on every database, whatever locale it was created with: by the "C"
 * collation (code point order, `like` folding ASCII letters only). On PostgreSQL the database here is created
 * with an ICU locale, which would sort `a, AAAA, b, éclair, ǅemal` and fold `İ` to `i` otherwise.
 */
const NAMES = ['a', 'b', 'AAAA', 'Zebra', 'ǅemal', 'éclair', 'Éclair', 'İSTANBUL', 'istanbul', 'Istanbul', '_under', '1st'];

/** What the "C" collation answers: code point order, and ILIKE folding ASCII letters only. */
const codePointOrder = (names: string[]) => [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const likeMatches = (names: string[], part: string) => names.filter((n) => asciiLower(n).includes(asciiLower(part)));

describe('lists: text order and like do not depend on the database locale', () => {
  let t: TestApp;
  let database: TestDatabase;

  beforeAll(async () => {
    // On PostgreSQL, a database whose default collation is ICU's (the locale of many managed servers).
    database = await createTestDatabase(testDbKind(), "TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'");
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
