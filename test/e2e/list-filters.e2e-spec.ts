import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * `like` patterns and quoted values, on the accounts list (every list shares the filter parser). A `like`
 * answers what PostgreSQL's ILIKE answers for the translated pattern: `*` anywhere is the wildcard (`%`),
 * and `%`, `_` and `\` match themselves.
 */

const NAMES = [
  'acct-0042-alpha',
  'ACCT-0042-beta',
  'acct-0043-gamma',
  'xacct-0042-delta',
  'aba',
  'abba',
  'ab-ba',
  '100% cotton',
  '100 percent',
  'snake_case',
  'snakeXcase',
  'back\\slash',
  'star*name',
  'starname',
  'Swanson, Ron',
  'a:b (c)',
  'paren) only',
  '(open',
  "it's",
  'say "hi"',
];

describe('lists: like patterns and quoted filter values', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.prisma.account.createMany({ data: NAMES.map((name) => ({ name, legalName: name })) });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function names(filter: string): Promise<string[]> {
    const res = await t.http.get('/v2/accounts').query({ filter, 'page[limit]': '100' }).set(t.admin);
    expect({ filter, status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({ filter, status: 200, body: undefined });
    return res.body.data.map((a: { name: string }) => a.name).sort();
  }

  async function postgresIlike(pattern: string): Promise<string[]> {
    const rows = await t.prisma.$queryRawUnsafe<{ name: string }[]>('SELECT name FROM accounts WHERE name ILIKE $1', pattern);
    return rows.map((r) => r.name).sort();
  }

  // [the like value as sent, its LIKE pattern, the names it matches]
  const LIKE_CASES: [string, string, string[]][] = [
    ['acct*-0042-*', 'acct%-0042-%', ['ACCT-0042-beta', 'acct-0042-alpha']],
    ['*-0042-*', '%-0042-%', ['ACCT-0042-beta', 'acct-0042-alpha', 'xacct-0042-delta']],
    ['*-beta', '%-beta', ['ACCT-0042-beta']],
    ['acct-004*', 'acct-004%', ['ACCT-0042-beta', 'acct-0042-alpha', 'acct-0043-gamma']],
    ['*', '%', [...NAMES].sort()],
    ['ab*ba', 'ab%ba', ['ab-ba', 'abba']],
    ['a*a', 'a%a', ['ACCT-0042-beta', 'ab-ba', 'aba', 'abba', 'acct-0042-alpha', 'acct-0043-gamma']],
    ['a**a', 'a%%a', ['ACCT-0042-beta', 'ab-ba', 'aba', 'abba', 'acct-0042-alpha', 'acct-0043-gamma']],
    ['100%*', '100\\%%', ['100% cotton']],
    ['snake_case', 'snake\\_case', ['snake_case']],
    ['*_*', '%\\_%', ['snake_case']],
    ['back\\slash', 'back\\\\slash', ['back\\slash']],
    ['star*', 'star%', ['star*name', 'starname']],
    ['"star\\**"', 'star*%', ['star*name']],
    ["'*, *'", '%, %', ['Swanson, Ron']],
    ['"*(c)"', '%(c)', ['a:b (c)']],
    ['"*) *"', '%) %', ['paren) only']],
  ];

  it.each(LIKE_CASES)('like(name,%s) answers what ILIKE %s answers', async (value, pattern, expected) => {
    expect(await postgresIlike(pattern)).toEqual(expected);
    expect(await names(`like(name,${value})`)).toEqual(expected);
  });

  it('quoted operands hold commas, colons, parentheses and escaped quotes', async () => {
    expect(await names('eq(name,"Swanson, Ron")')).toEqual(['Swanson, Ron']);
    expect(await names("eq(name,'a:b (c)')")).toEqual(['a:b (c)']);
    expect(await names('eq(name,"paren) only")')).toEqual(['paren) only']);
    expect(await names("eq(name,'(open')")).toEqual(['(open']);
    expect(await names("eq(name,'it\\'s')")).toEqual(["it's"]);
    expect(await names('eq(name,"say \\"hi\\"")')).toEqual(['say "hi"']);
    expect(await names('eq(name,"back\\\\slash")')).toEqual(['back\\slash']);
    expect(await names(`(eq(name,"Swanson, Ron")|eq(name,'a:b (c)')| eq(name, "(open" ))`)).toEqual(['(open', 'Swanson, Ron', 'a:b (c)']);
    expect(await names(`eq(name,"a:b (c)"):like(legal_name,'*(c)')`)).toEqual(['a:b (c)']);
    expect(await names('(eq(name,"Swanson, Ron")|eq(name,"paren) only"))')).toEqual(['Swanson, Ron', 'paren) only']);
  });

  it('a quoted date compares as a date', async () => {
    expect(await names('gt(updated_at,"2017-04-25T15:01:46.124Z")')).toEqual([...NAMES].sort());
    expect(await names("lt(created_at,'2017-04-25T15:01:46.124Z')")).toEqual([]);
  });

  it('an unquoted value keeps its quotes when they are not around the whole value', async () => {
    expect(await names("eq(name,it's)")).toEqual(["it's"]);
  });

  it('a malformed quoted value is a 400', async () => {
    for (const filter of ['eq(name,"Swanson, Ron)', "eq(name,'a:b (c)\\')", 'eq(name,"a"b)', 'eq(name,"")']) {
      expectErrorDocument(await t.http.get('/v2/accounts').query({ filter }).set(t.admin), 400);
    }
  });
});
