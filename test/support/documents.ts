import type { Response } from 'supertest';

/**
 * Asserts the API's error document: `{"errors":[{status,title,detail}]}` with `status` equal to the HTTP status
 * (a number, or its string in the families that write it so: `test/e2e/error-status-families.e2e-spec.ts`).
 */
export function expectErrorDocument(res: Response, status: number, match: { title?: string | RegExp; detail?: string | RegExp; source?: string } = {}) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(Array.isArray(res.body.errors)).toBe(true);
  expect(res.body.errors.length).toBeGreaterThan(0);
  for (const error of res.body.errors) {
    expect(typeof error.status === 'string' ? Number(error.status) : error.status).toBe(status);
    expect(typeof error.title).toBe('string');
    expect(typeof error.detail).toBe('string');
    expect(JSON.stringify(error)).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
  }
  const first = res.body.errors[0];
  if (match.title) expect(first.title).toMatch(match.title);
  if (match.detail) expect(first.detail).toMatch(match.detail);
  if (match.source) expect(res.body.errors.map((e: any) => e.source)).toContain(match.source);
}

/** An error document of a family that writes `status` as a string (PXM, currencies, Account Management, …). */
export function expectStringStatusError(res: Response, status: number, match: Parameters<typeof expectErrorDocument>[2] = {}) {
  expectErrorDocument(res, status, match);
  expect(res.body.errors[0].status).toBe(String(status));
}

/**
 * Asserts a complete pagination envelope, links included: each an absolute URL on the request's own origin and
 * path, with the page's limit, the offset it names (prev and next null where there is none), and the request's
 * other query parameters (filter, sort, include) unchanged.
 */
export function expectPage(res: Response, expected: { limit: number; offset: number; total: number; count?: number }) {
  expect(res.status).toBe(200);
  const { meta, links } = res.body;
  const { limit, offset, total } = expected;
  expect(meta.page.limit).toBe(limit);
  expect(meta.page.offset).toBe(offset);
  expect(meta.page.current).toBe(Math.floor(offset / limit) + 1);
  expect(meta.page.total).toBe(Math.ceil(total / limit));
  expect(meta.results.total).toBe(total);
  expect(Object.keys(links).sort()).toEqual(['current', 'first', 'last', 'next', 'prev']);
  const request = new URL((res as any).req.path, `http://${(res as any).req.getHeader('host')}`);
  const others = (url: URL) => [...url.searchParams].filter(([key]) => !key.startsWith('page[')).sort();
  const expectLink = (name: string, link: string | null, linkOffset: number | null) => {
    if (linkOffset === null) return expect({ [name]: link }).toEqual({ [name]: null });
    const url = new URL(link!);
    expect({ [name]: [url.origin, url.pathname, url.searchParams.get('page[limit]'), url.searchParams.get('page[offset]'), others(url)] }).toEqual({
      [name]: [request.origin, request.pathname, String(limit), String(linkOffset), others(request)],
    });
  };
  const lastOffset = Math.max(0, (Math.ceil(total / limit) - 1) * limit);
  expectLink('current', links.current, offset);
  expectLink('first', links.first, 0);
  expectLink('last', links.last, lastOffset);
  expectLink('prev', links.prev, offset === 0 ? null : Math.max(0, offset - limit));
  expectLink('next', links.next, offset + limit >= total ? null : offset + limit);
  if (expected.count !== undefined) expect(res.body.data).toHaveLength(expected.count);
}
