import fc from 'fast-check';
import { buildPageEnvelope, isPage, page, pageOf } from './page';

const url = (query: Record<string, unknown> | string = {}) => ({ baseUrl: 'https://api.test', path: '/v2/products', query });
const P = 'https://api.test/v2/products?';
const offsetOf = (link: string | null) => (link === null ? null : Number(/page\[offset\]=(\d+)/.exec(link)?.[1]));

describe('page / isPage', () => {
  it('builds a page; all defaults to total', () => {
    expect(page(['a'], 3, { limit: 1, offset: 0 })).toEqual({ kind: 'page', items: ['a'], total: 3, all: 3, limit: 1, offset: 0 });
    expect(page([], 0, { limit: 5, offset: 0 }, 9).all).toBe(9);
  });

  it('recognises pages only', () => {
    expect(isPage(page([], 0, { limit: 5, offset: 0 }))).toBe(true);
    for (const v of [null, undefined, [], { kind: 'page' }, { items: [] }, { kind: 'other', items: [] }]) expect(isPage(v)).toBe(false);
  });
});

describe('pageOf', () => {
  it('slices the requested page of an in-memory collection and counts all of it', () => {
    expect(pageOf(['a', 'b', 'c'], { limit: 2, offset: 2 })).toEqual({ kind: 'page', items: ['c'], total: 3, all: 3, limit: 2, offset: 2 });
    expect(pageOf([], { limit: 100, offset: 0 })).toMatchObject({ items: [], total: 0 });
  });
});

describe('buildPageEnvelope', () => {
  it('empty result: all members, totals 0, last = first', () => {
    expect(buildPageEnvelope(page([], 0, { limit: 25, offset: 0 }), url())).toEqual({
      meta: { page: { limit: 25, offset: 0, current: 1, total: 0 }, results: { total: 0, all: 0 } },
      links: {
        current: `${P}page[limit]=25&page[offset]=0`,
        first: `${P}page[limit]=25&page[offset]=0`,
        last: `${P}page[limit]=25&page[offset]=0`,
        prev: null,
        next: null,
      },
    });
  });

  it('one page (the spec example: limit 2, 2 results of 4)', () => {
    const env = buildPageEnvelope(page(['a', 'b'], 2, { limit: 2, offset: 0 }, 4), url());
    expect(env.meta).toEqual({ page: { limit: 2, offset: 0, current: 1, total: 1 }, results: { total: 2, all: 4 } });
    expect(env.links).toEqual({
      current: `${P}page[limit]=2&page[offset]=0`,
      first: `${P}page[limit]=2&page[offset]=0`,
      last: `${P}page[limit]=2&page[offset]=0`,
      prev: null,
      next: null,
    });
  });

  it('first of many pages', () => {
    const env = buildPageEnvelope(page([], 95, { limit: 10, offset: 0 }), url());
    expect(env.meta.page).toEqual({ limit: 10, offset: 0, current: 1, total: 10 });
    expect(env.links.prev).toBeNull();
    expect(env.links.next).toBe(`${P}page[limit]=10&page[offset]=10`);
    expect(env.links.last).toBe(`${P}page[limit]=10&page[offset]=90`);
  });

  it('middle page', () => {
    const env = buildPageEnvelope(page([], 95, { limit: 10, offset: 40 }), url());
    expect(env.meta.page.current).toBe(5);
    expect(offsetOf(env.links.prev)).toBe(30);
    expect(offsetOf(env.links.next)).toBe(50);
    expect(offsetOf(env.links.current)).toBe(40);
  });

  it('last page: next null, exactly full last page too', () => {
    const partial = buildPageEnvelope(page([], 95, { limit: 10, offset: 90 }), url());
    expect(partial.meta.page).toEqual({ limit: 10, offset: 90, current: 10, total: 10 });
    expect(partial.links.next).toBeNull();
    expect(offsetOf(partial.links.prev)).toBe(80);
    const full = buildPageEnvelope(page([], 100, { limit: 10, offset: 90 }), url());
    expect(full.links.next).toBeNull();
    expect(offsetOf(full.links.last)).toBe(90);
  });

  it('offset not a multiple of limit', () => {
    const env = buildPageEnvelope(page([], 30, { limit: 10, offset: 5 }), url());
    expect(env.meta.page).toEqual({ limit: 10, offset: 5, current: 1, total: 3 });
    expect(offsetOf(env.links.current)).toBe(5);
    expect(offsetOf(env.links.prev)).toBe(0);
    expect(offsetOf(env.links.next)).toBe(15);
    expect(offsetOf(env.links.last)).toBe(20);
    expect(offsetOf(buildPageEnvelope(page([], 30, { limit: 10, offset: 25 }), url()).links.next)).toBeNull();
  });

  it('offset past the end', () => {
    const env = buildPageEnvelope(page([], 5, { limit: 10, offset: 50 }), url());
    expect(env.meta.page).toEqual({ limit: 10, offset: 50, current: 6, total: 1 });
    expect(env.links.next).toBeNull();
    expect(offsetOf(env.links.prev)).toBe(40);
    expect(offsetOf(env.links.last)).toBe(0);
  });

  it('preserves the other query parameters (extended parser), replacing page[...]', () => {
    const env = buildPageEnvelope(
      page([], 50, { limit: 10, offset: 0 }),
      url({ include: 'main_image,category', sort: '-created_at', page: { limit: '10' }, filter: 'ge(created_at,2020-01-01T00:00:00Z):like(name,*a b*)' }),
    );
    expect(env.links.next).toBe(
      `${P}page[limit]=10&page[offset]=10&include=main_image,category&sort=-created_at&filter=ge(created_at,2020-01-01T00:00:00Z):like(name,*a%20b*)`,
    );
  });

  it('preserves the other query parameters (simple parser and raw string), encoding reserved characters', () => {
    const expected = `${P}page[limit]=5&page[offset]=5&filter=(eq(status,live)%7Ceq(name,a%26b))&x=1&x=2`;
    const simple = url({ 'page[limit]': '5', 'page[offset]': '0', filter: '(eq(status,live)|eq(name,a&b))', x: ['1', '2'] });
    expect(buildPageEnvelope(page([], 20, { limit: 5, offset: 0 }), simple).links.next).toBe(expected);
    const raw = url('?page[limit]=5&page%5Boffset%5D=0&filter=(eq(status,live)|eq(name,a%26b))&x=1&x=2');
    expect(buildPageEnvelope(page([], 20, { limit: 5, offset: 0 }), raw).links.next).toBe(expected);
  });

  it('keeps other page[...] members, and joins base URL and path cleanly', () => {
    const env = buildPageEnvelope(page([], 1, { limit: 5, offset: 0 }), {
      baseUrl: 'https://api.test/',
      path: '/v2/customers?ignored=1',
      query: { page: { limit: '5', total_method: 'exact' } },
    });
    expect(env.links.first).toBe('https://api.test/v2/customers?page[limit]=5&page[offset]=0&page[total_method]=exact');
  });

  it('link maths invariants hold for any limit/offset/total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (limit, offset, total) => {
        const { meta, links } = buildPageEnvelope(page([], total, { limit, offset }), url());
        const last = offsetOf(links.last)!;
        expect(meta.page.total).toBe(Math.ceil(total / limit));
        expect(meta.page.current).toBe(Math.floor(offset / limit) + 1);
        expect(offsetOf(links.first)).toBe(0);
        expect(last % limit).toBe(0);
        expect(last).toBe(total === 0 ? 0 : (meta.page.total - 1) * limit);
        expect(links.prev === null).toBe(offset === 0);
        if (links.prev !== null) expect(offsetOf(links.prev)).toBe(Math.max(0, offset - limit));
        expect(links.next === null).toBe(offset + limit >= total);
        if (links.next !== null) expect(offsetOf(links.next)! < total).toBe(true);
      }),
    );
  });
});
