import type { ListResourceSpec } from './list-spec';
import { parseListQuery } from './list-query';
import { likeToPrisma, toPrismaListArgs, toPrismaOrderBy, toPrismaWhere } from './prisma-list-query';

const ID = '6c1b5a6e-2f3d-4b7a-9c2e-1a2b3c4d5e6f';

const spec: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: ['eq', 'in', 'gt', 'ge', 'lt', 'le'], sortable: true },
    name: { column: 'name', type: 'string', ops: ['eq', 'like', 'in'], sortable: true },
    status: { column: 'status', type: 'string', ops: ['eq'] },
    description: { column: 'description', type: 'string', ops: ['like', 'is_null'] },
    with_tax: { column: 'withTax', type: 'integer', ops: ['gt', 'ge', 'lt', 'le'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'], sortable: true },
    email: { column: 'customer.email', type: 'string', ops: ['eq', 'like'], sortable: true },
    'category.id': {
      column: 'categories',
      type: 'uuid',
      ops: ['eq'],
      toWhere: (_op, values) => ({ categories: { some: { categoryId: values[0] } } }),
    },
  },
  defaultSort: 'created_at',
};

const where = (filter?: string) => toPrismaWhere(parseListQuery(filter === undefined ? {} : { filter }, spec, { defaultLimit: 25 }), spec);

describe('toPrismaListArgs', () => {
  it('builds findMany args with the default sort and id tiebreaker', () => {
    expect(toPrismaListArgs(parseListQuery({}, spec, { defaultLimit: 25 }), spec)).toEqual({
      where: {},
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      skip: 0,
      take: 25,
    });
  });

  it('keyset walk by created_at: a plain indexed range', () => {
    const q = parseListQuery(
      { sort: 'created_at', page: { limit: '100' }, filter: 'ge(created_at,2020-01-01T00:00:00.000Z)' },
      spec,
      { defaultLimit: 25 },
    );
    expect(toPrismaListArgs(q, spec)).toEqual({
      where: { createdAt: { gte: new Date('2020-01-01T00:00:00.000Z') } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      skip: 0,
      take: 100,
    });
  });

  it('keyset walk by id', () => {
    const q = parseListQuery({ sort: 'id', filter: `gt(id,${ID})`, 'page[offset]': '0' }, spec, { defaultLimit: 10 });
    expect(toPrismaListArgs(q, spec)).toEqual({ where: { id: { gt: ID } }, orderBy: [{ id: 'asc' }], skip: 0, take: 10 });
  });

  it('descending sort on a relation path nests the orderBy', () => {
    expect(toPrismaOrderBy(parseListQuery({ sort: '-email' }, spec, { defaultLimit: 25 }))).toEqual([
      { customer: { email: 'desc' } },
      { id: 'desc' },
    ]);
  });
});

describe('toPrismaWhere', () => {
  it('is empty without a filter', () => {
    expect(where()).toEqual({});
  });

  it('maps each operator', () => {
    expect(where('eq(status,live)')).toEqual({ status: { equals: 'live' } });
    expect(where('in(name,a,b)')).toEqual({ name: { in: ['a', 'b'] } });
    expect(where('gt(with_tax,100)')).toEqual({ withTax: { gt: 100 } });
    expect(where('ge(with_tax,100)')).toEqual({ withTax: { gte: 100 } });
    expect(where('lt(with_tax,100)')).toEqual({ withTax: { lt: 100 } });
    expect(where('le(with_tax,100)')).toEqual({ withTax: { lte: 100 } });
    expect(where('is_null(description)')).toEqual({ description: null });
    expect(where('eq(email,a@b.c)')).toEqual({ customer: { email: { equals: 'a@b.c' } } });
  });

  it('combines AND chains and OR groups', () => {
    expect(where('(eq(status,live)|eq(status,draft)):lt(created_at,2021-01-01)')).toEqual({
      AND: [
        { OR: [{ status: { equals: 'live' } }, { status: { equals: 'draft' } }] },
        { createdAt: { lt: new Date('2021-01-01T00:00:00.000Z') } },
      ],
    });
  });

  it('uses a field’s custom translation', () => {
    expect(where(`eq(category.id,${ID})`)).toEqual({ categories: { some: { categoryId: ID } } });
  });
});

describe('like wildcards', () => {
  // The parser's LIKE pattern goes to an insensitive equals, which Prisma sends to ILIKE as it is.
  it.each([
    ['shoe*', 'shoe%'],
    ['*shoe', '%shoe'],
    ['*shoe*', '%shoe%'],
    ['shoe', 'shoe'],
    ['acct*-0042-*', 'acct%-0042-%'],
    ['ab*ba', 'ab%ba'],
    ['*', '%'],
    ['**', '%%'],
    ['SHOE_DECK_*', 'SHOE\\_DECK\\_%'],
    ['*100%*', '%100\\%%'],
    ['a\\b', 'a\\\\b'],
    ['"a\\*b*"', 'a*b%'],
    ["'x\\\\y'", 'x\\\\y'],
  ])('like(description,%s) → ILIKE %s', (value, pattern) => {
    expect(where(`like(description,${value})`)).toEqual({ description: likeToPrisma(pattern) });
    expect(likeToPrisma(pattern)).toEqual({ equals: pattern, mode: 'insensitive' });
  });
});
