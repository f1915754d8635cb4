import { Prisma } from '../../generated/prisma/client';
import { parseListQuery } from './list-query';
import type { ListResourceSpec } from './list-spec';
import { toSqlListClauses } from './sql-list-query';

const ID = '6c1b5a6e-2f3d-4b7a-9c2e-1a2b3c4d5e6f';

const spec: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: ['eq', 'in', 'gt'], sortable: true },
    name: { column: 'name', type: 'string', ops: ['eq', 'like', 'in'], sortable: true },
    tax_code: { column: 'taxCode', type: 'string', ops: ['is_null'], sortable: true },
    stock: { column: 'stockLevel', type: 'integer', ops: ['ge', 'lt'] },
    live: { column: 'isLive', sqlColumn: 'live', type: 'boolean', ops: ['eq'], sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['gt', 'le'], sortable: true },
    email: { column: 'customer.email', type: 'string', ops: ['eq'], sortable: true },
    'category.id': {
      column: 'id',
      type: 'uuid',
      ops: ['eq'],
      toWhere: () => ({}),
      toSql: (_op, values, r) => Prisma.sql`EXISTS (SELECT 1 FROM links WHERE item_id = ${r}.id AND tag = ${values[0]}::uuid)`,
    },
    'brand.id': { column: 'id', type: 'uuid', ops: ['eq'], toWhere: () => ({}) },
  },
  defaultSort: 'created_at',
};

const clauses = (query: Record<string, unknown>, alias = 'r') =>
  toSqlListClauses(parseListQuery(query, spec, { defaultLimit: 25 }), spec, alias);

function text(query: Record<string, unknown>): { where: string; orderBy: string; values: unknown[] } | null {
  const c = clauses(query);
  return c && { where: c.where.text, orderBy: c.orderBy.text, values: Prisma.sql`${c.where} ${c.orderBy}`.values };
}

describe('toSqlListClauses', () => {
  it('unfiltered: TRUE, and the default sort with its id tiebreaker', () => {
    expect(text({})).toEqual({ where: 'TRUE', orderBy: 'r.created_at ASC, r.id ASC', values: [] });
  });

  it('sorts by the snake_case column, or sqlColumn, in either direction', () => {
    expect(text({ sort: '-tax_code' })?.orderBy).toBe('r.tax_code DESC, r.id DESC');
    expect(text({ sort: 'live' })?.orderBy).toBe('r.live ASC, r.id ASC');
    expect(text({ sort: '-id' })?.orderBy).toBe('r.id DESC');
  });

  it('binds every operand as a parameter cast to the field type', () => {
    expect(text({ filter: `eq(id,${ID.toUpperCase()}):ge(stock,3):lt(stock,9):eq(live,true):gt(created_at,2024-01-02)` })).toEqual({
      where: '(r.id = $1::uuid AND r.stock_level >= $2::int4 AND r.stock_level < $3::int4 AND r.live = $4::boolean AND r.created_at > $5::timestamptz)',
      orderBy: 'r.created_at ASC, r.id ASC',
      values: [ID, 3, 9, true, new Date('2024-01-02T00:00:00.000Z')],
    });
  });

  it('in, is_null, and like as ILIKE with the parser pattern as is', () => {
    expect(text({ filter: `in(name,a,"b'"):is_null(tax_code):like(name,*50%_off\\*)` })).toEqual({
      where: '(r.name IN ($1::text,$2::text) AND r.tax_code IS NULL AND r.name ILIKE $3::text)',
      orderBy: 'r.created_at ASC, r.id ASC',
      values: ['a', "b'", '%50\\%\\_off\\\\%'],
    });
  });

  it('OR groups nest in parentheses; a toSql field runs its own SQL on the alias', () => {
    expect(text({ filter: `(eq(name,x)|(eq(category.id,${ID}):le(created_at,2024-01-01))):gt(id,${ID})` })?.where).toBe(
      '((r.name = $1::text OR (EXISTS (SELECT 1 FROM links WHERE item_id = r.id AND tag = $2::uuid) AND r.created_at <= $3::timestamptz)) AND r.id > $4::uuid)',
    );
  });

  it('null when a field has toWhere without toSql, or a relation path, is filtered or sorted on', () => {
    expect(clauses({ filter: `eq(brand.id,${ID})` })).toBeNull();
    expect(clauses({ filter: `(eq(name,x)|eq(brand.id,${ID}))` })).toBeNull();
    expect(clauses({ filter: 'eq(email,a@b.c)' })).toBeNull();
    expect(clauses({ sort: 'email' })).toBeNull();
  });

  it('refuses an alias that is not a plain identifier', () => {
    expect(() => clauses({}, 'r; DROP TABLE x')).toThrow(/identifier/);
    expect(clauses({}, 'products')?.orderBy.text).toBe('products.created_at ASC, products.id ASC');
  });
});
