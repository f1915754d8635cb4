import type { Response } from 'supertest';

/** Asserts the API's error document: `{"errors":[{status,title,detail}]}` with `status` equal to the HTTP status. */
export function expectErrorDocument(res: Response, status: number, match: { title?: string | RegExp; detail?: string | RegExp; source?: string } = {}) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(Array.isArray(res.body.errors)).toBe(true);
  expect(res.body.errors.length).toBeGreaterThan(0);
  for (const error of res.body.errors) {
    expect(error.status).toBe(status);
    expect(typeof error.title).toBe('string');
    expect(typeof error.detail).toBe('string');
    expect(JSON.stringify(error)).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
  }
  const first = res.body.errors[0];
  if (match.title) expect(first.title).toMatch(match.title);
  if (match.detail) expect(first.detail).toMatch(match.detail);
  if (match.source) expect(res.body.errors.map((e: any) => e.source)).toContain(match.source);
}

/** Asserts a complete pagination envelope. */
export function expectPage(res: Response, expected: { limit: number; offset: number; total: number; count?: number }) {
  expect(res.status).toBe(200);
  const { meta, links } = res.body;
  expect(meta.page.limit).toBe(expected.limit);
  expect(meta.page.offset).toBe(expected.offset);
  expect(meta.page.current).toBe(Math.floor(expected.offset / expected.limit) + 1);
  expect(meta.page.total).toBe(Math.ceil(expected.total / expected.limit));
  expect(meta.results.total).toBe(expected.total);
  expect(Object.keys(links).sort()).toEqual(['current', 'first', 'last', 'next', 'prev']);
  if (expected.count !== undefined) expect(res.body.data).toHaveLength(expected.count);
}
