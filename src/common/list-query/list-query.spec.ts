import { ApiError } from '../errors/api-error';
import type { ListResourceSpec } from './list-spec';
import { parseListQuery } from './list-query';
import { HARD_OFFSET_LIMIT } from './page-params';

const orders: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: ['eq', 'gt'], sortable: true },
    status: { column: 'status', type: 'string', ops: ['eq'], sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['ge', 'gt', 'lt', 'le'], sortable: true },
  },
  defaultSort: '-created_at',
  maxOffset: HARD_OFFSET_LIMIT,
};

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected an error');
}

describe('parseListQuery', () => {
  it('returns defaults for an empty (or missing) query', () => {
    const expected = {
      limit: 25,
      offset: 0,
      sort: [
        { field: 'created_at', column: 'createdAt', direction: 'desc' },
        { field: 'id', column: 'id', direction: 'desc' },
      ],
      filter: null,
    };
    expect(parseListQuery({}, orders, { defaultLimit: 25 })).toEqual(expected);
    expect(parseListQuery(undefined, orders, { defaultLimit: 25 })).toEqual(expected);
  });

  it('parses the full ep SDK query (extended parser)', () => {
    const q = parseListQuery(
      { include: 'items', sort: 'status', page: { limit: '10', offset: '20' }, filter: 'eq(status,complete)' },
      orders,
      { defaultLimit: 25 },
    );
    expect(q).toEqual({
      limit: 10,
      offset: 20,
      sort: [
        { field: 'status', column: 'status', direction: 'asc' },
        { field: 'id', column: 'id', direction: 'asc' },
      ],
      filter: { kind: 'clause', field: 'status', op: 'eq', values: ['complete'] },
    });
  });

  it('parses the same query from the simple parser', () => {
    const q = parseListQuery({ 'page[limit]': '10', 'page[offset]': '20', sort: '-status' }, orders, { defaultLimit: 25 });
    expect(q).toMatchObject({ limit: 10, offset: 20, sort: [{ column: 'status', direction: 'desc' }, { column: 'id', direction: 'desc' }] });
  });

  it('applies the spec maxOffset', () => {
    const e = errorOf(() => parseListQuery({ page: { offset: '10001' } }, orders, { defaultLimit: 25 }));
    expect(e.status).toBe(400);
    expect(e.source).toEqual({ parameter: 'page[offset]' });
  });

  it('reports the parameter at fault', () => {
    expect(errorOf(() => parseListQuery({ page: { limit: '0' } }, orders, { defaultLimit: 25 })).source).toEqual({ parameter: 'page[limit]' });
    expect(errorOf(() => parseListQuery({ sort: 'total' }, orders, { defaultLimit: 25 })).source).toEqual({ parameter: 'sort' });
    expect(errorOf(() => parseListQuery({ filter: 'eq(total,1)' }, orders, { defaultLimit: 25 })).source).toEqual({ parameter: 'filter' });
  });
});
