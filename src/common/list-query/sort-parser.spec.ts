import { ApiError, BadRequestError } from '../errors/api-error';
import type { ListResourceSpec } from './list-spec';
import { parseSort } from './sort-parser';

const spec: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', sortable: true },
    name: { column: 'name', type: 'string', sortable: true },
    status: { column: 'status', type: 'string', ops: ['eq'] },
  },
  defaultSort: 'created_at',
};

function sortError(raw: unknown): ApiError {
  try {
    parseSort(raw, spec);
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestError);
    expect((e as ApiError).source).toEqual({ parameter: 'sort' });
    return e as ApiError;
  }
  throw new Error('expected a 400');
}

describe('parseSort', () => {
  it('uses the spec default with id as tiebreaker when absent or empty', () => {
    const expected = [
      { field: 'created_at', column: 'createdAt', direction: 'asc' },
      { field: 'id', column: 'id', direction: 'asc' },
    ];
    expect(parseSort(undefined, spec)).toEqual(expected);
    expect(parseSort('', spec)).toEqual(expected);
  });

  it('honours a descending default (orders: -created_at)', () => {
    expect(parseSort(undefined, { ...spec, defaultSort: '-created_at' })).toEqual([
      { field: 'created_at', column: 'createdAt', direction: 'desc' },
      { field: 'id', column: 'id', direction: 'desc' },
    ]);
  });

  it('parses field (asc) and -field (desc), tiebreaking in the same direction', () => {
    expect(parseSort('name', spec)).toEqual([
      { field: 'name', column: 'name', direction: 'asc' },
      { field: 'id', column: 'id', direction: 'asc' },
    ]);
    expect(parseSort('-name', spec)).toEqual([
      { field: 'name', column: 'name', direction: 'desc' },
      { field: 'id', column: 'id', direction: 'desc' },
    ]);
  });

  it('treats an unencoded + (arrives as a space) as ascending', () => {
    expect(parseSort(' name', spec)[0]).toEqual({ field: 'name', column: 'name', direction: 'asc' });
  });

  it('does not add a second id key when sorting by id', () => {
    expect(parseSort('-id', spec)).toEqual([{ field: 'id', column: 'id', direction: 'desc' }]);
  });

  it('rejects unknown, non-sortable, prototype and multiple fields, and repeated sort', () => {
    expect(sortError('price').detail).toMatch(/Cannot sort by 'price'; sortable fields: id, created_at, name/);
    expect(sortError('status').detail).toMatch(/Cannot sort by 'status'/);
    expect(sortError('constructor').detail).toMatch(/Cannot sort by 'constructor'/);
    expect(sortError('-').detail).toMatch(/Cannot sort by ''/);
    expect(sortError('name,-created_at').detail).toMatch(/Only one sort field/);
    expect(sortError(['name', 'id']).detail).toMatch(/given once/);
  });

  it('throws a plain Error for a default sort that names no field (a spec bug)', () => {
    expect(() => parseSort(undefined, { ...spec, defaultSort: 'nope' })).toThrow(/defaultSort/);
  });
});
