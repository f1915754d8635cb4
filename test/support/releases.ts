import type { TestApp } from './test-app';

/** Reads of a release before the test gives up on its publishing: each read follows the previous answer. */
const MAX_POLLS = 5_000;

/**
 * Asks for a release until it is no longer PENDING or IN_PROGRESS and answers it as then shown: the background
 * publisher of the test app (started with `WORKERS_ENABLED: 'true'`) writes it. Every read is a 200 with one of the
 * spec's statuses.
 */
export async function settledRelease(t: TestApp, catalogId: string, releaseId: string): Promise<any> {
  for (let poll = 0; poll < MAX_POLLS; poll++) {
    const res = await t.http.get(`/catalogs/${catalogId}/releases/${releaseId}`).set(t.admin);
    expect(res.status).toBe(200);
    const status = res.body.data.meta.release_status;
    expect(['PENDING', 'IN_PROGRESS', 'PUBLISHED', 'FAILED']).toContain(status);
    if (status === 'PUBLISHED' || status === 'FAILED') return res.body.data;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`release ${releaseId} still publishing after ${MAX_POLLS} reads`);
}

/** Publishes the catalog through the API and answers the release once PUBLISHED (a FAILED one fails the test). */
export async function publishedRelease(t: TestApp, catalogId: string): Promise<any> {
  const created = await t.http.post(`/catalogs/${catalogId}/releases`).set(t.admin).send({ data: {} });
  expect(created.status).toBe(201);
  expect(created.body.data.attributes.catalog_id).toBe(catalogId);
  const release = await settledRelease(t, catalogId, created.body.data.id);
  expect([release.id, release.meta.release_status, release.meta.failure_reason]).toEqual([created.body.data.id, 'PUBLISHED', undefined]);
  return release;
}
