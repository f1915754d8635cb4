import { ApiError, BadRequestError } from '../errors/api-error';
import { FILTER_PARSE_ERROR, parseFilter } from './filter-parser';
import type { ListResourceSpec } from './list-spec';

const ID = '6c1b5a6e-2f3d-4b7a-9c2e-1a2b3c4d5e6f';
const ID2 = '0e8b0c34-5a2b-4d0c-8d1e-2f3a4b5c6d7e';

const spec: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: ['eq', 'in', 'gt', 'ge', 'lt', 'le'], sortable: true },
    name: { column: 'name', type: 'string', ops: ['eq', 'like', 'in'] },
    sku: { column: 'sku', type: 'string', ops: ['eq', 'like', 'in'] },
    status: { column: 'status', type: 'string', ops: ['eq'] },
    description: { column: 'description', type: 'string', ops: ['like', 'is_null'] },
    manage_stock: { column: 'manageStock', type: 'boolean', ops: ['eq', 'like', 'gt'] },
    stock: { column: 'stockLevel', type: 'integer', ops: ['eq', 'gt', 'ge', 'lt', 'le', 'in'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'], sortable: true },
    'category.id': { column: 'categories', type: 'uuid', ops: ['eq'] },
    slug: { column: 'slug', type: 'string', sortable: true },
  },
  defaultSort: 'created_at',
};

const parse = (raw: unknown) => parseFilter(raw, spec);

function filterError(raw: unknown): string {
  try {
    parse(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestError);
    expect((e as ApiError).status).toBe(400);
    expect((e as ApiError).source).toEqual({ parameter: 'filter' });
    return (e as ApiError).detail;
  }
  throw new Error(`expected a 400 for ${String(raw)}`);
}

describe('parseFilter: grammar', () => {
  it('returns null when absent or blank', () => {
    expect(parse(undefined)).toBeNull();
    expect(parse('')).toBeNull();
    expect(parse('  ')).toBeNull();
  });

  it('parses one clause', () => {
    expect(parse('eq(status,live)')).toEqual({ kind: 'clause', field: 'status', op: 'eq', values: ['live'] });
  });

  it('chains clauses with ":" as AND (the SDK example)', () => {
    expect(parse('eq(status,live):like(name,shoe*):in(sku,a,b)')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'clause', field: 'status', op: 'eq', values: ['live'] },
        { kind: 'clause', field: 'name', op: 'like', values: ['shoe%'] },
        { kind: 'clause', field: 'sku', op: 'in', values: ['a', 'b'] },
      ],
    });
  });

  it('keeps ":" inside the parentheses: ISO timestamps', () => {
    expect(parse('ge(created_at,2020-01-01T00:00:00.000Z):lt(created_at,2020-02-01T10:11:59Z)')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'clause', field: 'created_at', op: 'ge', values: [new Date('2020-01-01T00:00:00.000Z')] },
        { kind: 'clause', field: 'created_at', op: 'lt', values: [new Date('2020-02-01T10:11:59Z')] },
      ],
    });
  });

  it('parses the ep SDK OR group, alone and chained with AND', () => {
    const or = {
      kind: 'or',
      nodes: [
        { kind: 'clause', field: 'status', op: 'eq', values: ['live'] },
        { kind: 'clause', field: 'status', op: 'eq', values: ['draft'] },
      ],
    };
    expect(parse('(eq(status,live)|eq(status,draft))')).toEqual(or);
    expect(parse('(eq(status,live)|eq(status,draft)):like(name,*shoe)')).toEqual({
      kind: 'and',
      nodes: [or, { kind: 'clause', field: 'name', op: 'like', values: ['%shoe'] }],
    });
  });

  it('parses AND chains inside OR alternatives', () => {
    expect(parse('(eq(status,live):eq(name,a)|eq(name,b))')).toEqual({
      kind: 'or',
      nodes: [
        {
          kind: 'and',
          nodes: [
            { kind: 'clause', field: 'status', op: 'eq', values: ['live'] },
            { kind: 'clause', field: 'name', op: 'eq', values: ['a'] },
          ],
        },
        { kind: 'clause', field: 'name', op: 'eq', values: ['b'] },
      ],
    });
  });

  it('takes values raw: spaces, dots, dashes, balanced parentheses, | and : inside a clause', () => {
    expect(parse('eq(name,Red Shoe (v2.1) - a|b:c_d)')).toEqual({
      kind: 'clause',
      field: 'name',
      op: 'eq',
      values: ['Red Shoe (v2.1) - a|b:c_d'],
    });
  });

  it('trims blanks around fields, values and separators and lower-cases the operator', () => {
    expect(parse(' EQ( status , live ) : in(sku, a , b)')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'clause', field: 'status', op: 'eq', values: ['live'] },
        { kind: 'clause', field: 'sku', op: 'in', values: ['a', 'b'] },
      ],
    });
  });

  it('reads quoted values: "…" and \'…\' may hold , : ( ) | and the other quote', () => {
    expect(parse('eq(name,"Ron Swanson")')).toEqual({ kind: 'clause', field: 'name', op: 'eq', values: ['Ron Swanson'] });
    expect(parse(`in(sku, "a,b" , 'c:d', "e(f", 'g)h', "it's", 'say "x"', "p|q")`)).toEqual({
      kind: 'clause',
      field: 'sku',
      op: 'in',
      values: ['a,b', 'c:d', 'e(f', 'g)h', "it's", 'say "x"', 'p|q'],
    });
    expect(parse('gt(created_at,"2017-04-25T15:01:46.124Z")')).toEqual({
      kind: 'clause',
      field: 'created_at',
      op: 'gt',
      values: [new Date('2017-04-25T15:01:46.124Z')],
    });
    expect(parse(`eq(name,"  padded ")`)).toMatchObject({ values: ['  padded '] });
  });

  it('takes the character after "\\" literally inside quotes, and "\\" as itself outside them', () => {
    expect(parse(String.raw`eq(name,"say \"hi\" \\ \x")`)).toMatchObject({ values: [String.raw`say "hi" \ x`] });
    expect(parse(String.raw`eq(name,'it\'s')`)).toMatchObject({ values: ["it's"] });
    expect(parse(String.raw`eq(name,a\b)`)).toMatchObject({ values: [String.raw`a\b`] });
  });

  it('turns like values into LIKE patterns: * anywhere is the wildcard, % _ \\ and quoted \\* match themselves', () => {
    const pattern = (value: string) => (parse(`like(name,${value})`) as { values: string[] }).values[0];
    expect(pattern('acct*-0042-*')).toBe('acct%-0042-%');
    expect(pattern('*')).toBe('%');
    expect(pattern('ab*ba')).toBe('ab%ba');
    expect(pattern('100%_off')).toBe(String.raw`100\%\_off`);
    expect(pattern(String.raw`a\b*`)).toBe(String.raw`a\\b%`);
    expect(pattern(String.raw`"a\*b*"`)).toBe('a*b%');
    expect(pattern(String.raw`"x,y:(z)*"`)).toBe('x,y:(z)%');
    expect(pattern(String.raw`'%\\'`)).toBe(String.raw`\%\\`);
  });

  it.each([
    'eq(name,"unterminated)',
    "eq(name,'unterminated)",
    'eq(name,"a"b)',
    'eq(name,"a" "b")',
    'eq(name,"ends in \\")',
    'eq(name,"x")extra',
  ])('refuses the malformed quoted value %s', (raw) => {
    expect(filterError(raw)).toBe(FILTER_PARSE_ERROR);
  });

  it('refuses an empty quoted value', () => {
    expect(filterError('eq(name,"")')).toMatch(/must not be empty/);
  });

  it('allows redundant parentheses up to three levels', () => {
    expect(parse('(((eq(status,live))))')).toEqual({ kind: 'clause', field: 'status', op: 'eq', values: ['live'] });
  });

  it('parses is_null(field)', () => {
    expect(parse('is_null(description)')).toEqual({ kind: 'clause', field: 'description', op: 'is_null', values: [] });
  });

  it('accepts 10 clauses and refuses 11, also across OR groups', () => {
    const clauses = (n: number) => Array.from({ length: n }, (_, i) => `eq(name,n${i})`);
    expect(parse(clauses(10).join(':'))).toMatchObject({ kind: 'and' });
    expect(filterError(clauses(11).join(':'))).toMatch(/at most 10 clauses/);
    expect(filterError(`(${clauses(6).join('|')}):${clauses(5).join(':')}`)).toMatch(/at most 10 clauses/);
  });

  it.each([
    'eq(status,live',
    'eq(status,live))',
    'eq status,live)',
    'eq(status,live)eq(name,a)',
    'eq(status,live):',
    ':eq(status,live)',
    'eq(status,live)::eq(name,a)',
    '(eq(status,live)|eq(status,draft)',
    '(eq(status,live)|)',
    '()',
    'eq(,live)',
    '((((eq(status,live)))))',
    'eq(name,a(b)',
  ])('rejects malformed %j with the documented detail', (raw) => {
    expect(filterError(raw)).toBe(FILTER_PARSE_ERROR);
  });

  it('rejects a repeated or structured filter parameter', () => {
    expect(filterError(['eq(status,live)', 'eq(name,a)'])).toMatch(/given once/);
    expect(filterError({ eq: { status: 'live' } })).toBe(FILTER_PARSE_ERROR);
  });

  it('rejects control characters (a NUL would fail the query in PostgreSQL)', () => {
    expect(filterError('eq(name,a\u0000b)')).toBe('The supplied filter contained unsupported characters');
  });
});

describe('parseFilter: fields, operators, arity', () => {
  it('names an unknown field, including prototype keys', () => {
    expect(filterError('eq(colour,red)')).toBe("Unknown filter field 'colour'");
    expect(filterError('eq(constructor,x)')).toBe("Unknown filter field 'constructor'");
  });

  it('names an unknown operator', () => {
    expect(filterError('ne(status,live)')).toMatch(/^Unknown filter operator 'ne'/);
  });

  it('refuses an operator the field does not allow, listing the allowed ones', () => {
    expect(filterError('like(status,li*)')).toBe("Filter operator 'like' is not supported on 'status'; supported: eq");
    expect(filterError('eq(slug,a)')).toBe("Filtering on 'slug' is not supported");
  });

  it('refuses operators that make no sense for the type even if the spec lists them', () => {
    expect(filterError('like(manage_stock,tr*)')).toMatch(/'like' is not supported on 'manage_stock'; supported: eq$/);
    expect(filterError('gt(manage_stock,true)')).toMatch(/'gt' is not supported/);
  });

  it('checks the number of values', () => {
    expect(filterError('eq(name,a,b)')).toMatch(/exactly one value; use in\(name/);
    expect(filterError('eq(status)')).toMatch(/exactly one value/);
    expect(filterError('is_null(description,x)')).toMatch(/is_null takes only a field/);
    expect(filterError('eq(name,)')).toMatch(/must not be empty/);
    expect(filterError('in(sku,a,,b)')).toMatch(/must not be empty/);
  });

  it('de-duplicates in() values', () => {
    expect(parse('in(sku,a,b,a)')).toEqual({ kind: 'clause', field: 'sku', op: 'in', values: ['a', 'b'] });
  });
});

describe('parseFilter: typed values', () => {
  it('integers (32-bit)', () => {
    expect(parse('gt(stock,-5)')).toMatchObject({ values: [-5] });
    expect(parse('in(stock,1,2,3)')).toMatchObject({ values: [1, 2, 3] });
    expect(parse('le(stock,2147483647)')).toMatchObject({ values: [2147483647] });
    for (const bad of ['1.5', 'abc', '2147483648', '1e3', '99999999999']) {
      expect(filterError(`gt(stock,${bad})`)).toBe(`Invalid filter value '${bad}' for 'stock': expected an integer`);
    }
  });

  it('booleans', () => {
    expect(parse('eq(manage_stock,true)')).toMatchObject({ values: [true] });
    expect(parse('eq(manage_stock,FALSE)')).toMatchObject({ values: [false] });
    expect(filterError('eq(manage_stock,yes)')).toMatch(/expected true or false/);
  });

  it('uuids: lower-cased; malformed ones never reach PostgreSQL', () => {
    expect(parse(`eq(id,${ID.toUpperCase()})`)).toMatchObject({ values: [ID] });
    expect(parse(`in(id,${ID},${ID2})`)).toMatchObject({ values: [ID, ID2] });
    expect(parse(`gt(id,${ID})`)).toMatchObject({ op: 'gt', values: [ID] });
    expect(filterError('eq(id,abc)')).toBe("Invalid filter value 'abc' for 'id': expected a UUID");
    expect(filterError(`in(id,${ID},${ID.slice(1)})`)).toMatch(/expected a UUID/);
    expect(filterError(`eq(category.id,${ID}x)`)).toMatch(/for 'category.id': expected a UUID/);
  });

  it('datetimes in every accepted form', () => {
    expect(parse('gt(created_at,2018-04-16T10:11:59.715Z)')).toMatchObject({ values: [new Date('2018-04-16T10:11:59.715Z')] });
    expect(parse('gt(created_at,2020-01-01)')).toMatchObject({ values: [new Date('2020-01-01T00:00:00.000Z')] });
    expect(parse('gt(created_at,1577836800000)')).toMatchObject({ values: [new Date('2020-01-01T00:00:00.000Z')] });
    expect(filterError('gt(created_at,2020-13-01)')).toMatch(/for 'created_at': expected a date/);
  });
});
