import { ApiError, BadRequestError } from '../errors/api-error';
import { HARD_OFFSET_LIMIT, parsePageParams, parseSubCollectionPage } from './page-params';

function expect400(fn: () => unknown, parameter: string, detail?: RegExp): void {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(BadRequestError);
  expect((error as ApiError).status).toBe(400);
  expect((error as ApiError).source).toEqual({ parameter });
  if (detail) expect((error as ApiError).detail).toMatch(detail);
}

const opts = { defaultLimit: 25 };

describe('parsePageParams', () => {
  it('defaults to the store page length and offset 0', () => {
    expect(parsePageParams({}, opts)).toEqual({ limit: 25, offset: 0 });
    expect(parsePageParams({}, { defaultLimit: 70 })).toEqual({ limit: 70, offset: 0 });
  });

  it('reads the extended-parser shape and the literal bracketed keys', () => {
    expect(parsePageParams({ page: { limit: '10', offset: '20' } }, opts)).toEqual({ limit: 10, offset: 20 });
    expect(parsePageParams({ 'page[limit]': '10', 'page[offset]': '20' }, opts)).toEqual({ limit: 10, offset: 20 });
    expect(parsePageParams({ page: { offset: '5' } }, opts)).toEqual({ limit: 25, offset: 5 });
  });

  it('accepts the bounds 1 and 100 and leading zeros', () => {
    expect(parsePageParams({ page: { limit: '1' } }, opts).limit).toBe(1);
    expect(parsePageParams({ page: { limit: '100' } }, opts).limit).toBe(100);
    expect(parsePageParams({ page: { limit: '007' } }, opts).limit).toBe(7);
  });

  it.each(['0', '101', '1.5', '-1', 'abc', '', ' 5', '1e2', '+5', '0x10'])('rejects page[limit]=%j', (limit) => {
    expect400(() => parsePageParams({ page: { limit } }, opts), 'page[limit]', /between 1 and 100/);
    expect400(() => parsePageParams({ 'page[limit]': limit }, opts), 'page[limit]');
  });

  it.each(['-1', '1.5', 'abc', '', '99999999999999999999'])('rejects page[offset]=%j', (offset) => {
    expect400(() => parsePageParams({ page: { offset } }, opts), 'page[offset]');
  });

  it('rejects repeated (array) and nested values', () => {
    expect400(() => parsePageParams({ page: { limit: ['10', '20'] } }, opts), 'page[limit]');
    expect400(() => parsePageParams({ 'page[offset]': ['0', '1'] }, opts), 'page[offset]');
    expect400(() => parsePageParams({ page: { limit: { x: '1' } } }, opts), 'page[limit]');
  });

  it('rejects a page that is not an object of limit/offset', () => {
    expect400(() => parsePageParams({ page: '2' }, opts), 'page');
    expect400(() => parsePageParams({ page: ['10'] }, opts), 'page');
    expect400(() => parsePageParams({ page: { size: '10' } }, opts), 'page', /page\[size\]/);
  });

  it('ignores page[total_method] (sent by the ep SDK)', () => {
    expect(parsePageParams({ page: { limit: '5', total_method: 'exact' } }, opts)).toEqual({ limit: 5, offset: 0 });
  });

  it('enforces maxOffset with a pointer to sort + filter paging', () => {
    const o = { ...opts, maxOffset: HARD_OFFSET_LIMIT };
    expect(parsePageParams({ page: { offset: '10000' } }, o).offset).toBe(10_000);
    expect400(() => parsePageParams({ page: { offset: '10001' } }, o), 'page[offset]', /less than or equal to 10000.*sort.*filter/);
    expect(parsePageParams({ page: { offset: '250000' } }, opts).offset).toBe(250_000);
  });

  it('keeps a misconfigured default page length within 1..100', () => {
    expect(parsePageParams({}, { defaultLimit: 500 }).limit).toBe(100);
    expect(parsePageParams({}, { defaultLimit: 0 }).limit).toBe(1);
  });
});

describe('parseSubCollectionPage', () => {
  it('defaults to the maximum page, and honours and checks page[limit] and page[offset]', () => {
    expect(parseSubCollectionPage(undefined)).toEqual({ limit: 100, offset: 0 });
    expect(parseSubCollectionPage({ page: { limit: '2', offset: '4' } })).toEqual({ limit: 2, offset: 4 });
    expect(() => parseSubCollectionPage({ 'page[limit]': '101' })).toThrow(BadRequestError);
  });
});
