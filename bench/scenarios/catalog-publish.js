'use strict';
// Catalog publish: POST /catalogs/{id}/releases on the seeded catalog (seed-publish.js), then GET the release
// until it is PUBLISHED (or FAILED). Time from the POST to the first answer saying PUBLISHED, and the server's
// resident set while it publishes: sampled at every poll, and its peak since start (VmHWM) once published.
const { apiClient, describeFailure } = require('../lib/api');

const MAX_POLLS = 100_000;

async function runCatalogPublish(ctx) {
  const { server, log, skipped, db, seeded } = ctx;
  if (!seeded.publishCatalogId) {
    skipped.push(`${db}: catalog publish: no seeded catalog`);
    return undefined;
  }
  const api = await apiClient(server);
  const releases = `/catalogs/${seeded.publishCatalogId}/releases`;
  const rssBefore = server.rssMb();
  const t0 = process.hrtime.bigint();
  const created = await api.post(releases, {});
  if (created.status !== 201) {
    skipped.push(`${db}: catalog publish: ${describeFailure('POST', releases, created)}`);
    return undefined;
  }
  const id = created.json.data.id;
  let maxRss = rssBefore;
  let release = created.json.data;
  let polls = 0;
  while (!['PUBLISHED', 'FAILED'].includes(release.meta.release_status) && polls < MAX_POLLS) {
    polls++;
    const res = await api.get(`${releases}/${id}`);
    if (res.status !== 200) {
      skipped.push(`${db}: catalog publish: ${describeFailure('GET', `${releases}/${id}`, res)}`);
      return undefined;
    }
    release = res.json.data;
    maxRss = Math.max(maxRss, server.rssMb() ?? 0);
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const out = {
    status: release.meta.release_status,
    failure_reason: release.meta.failure_reason,
    products: release.meta.total_products,
    nodes: release.meta.total_nodes,
    ms_to_published: Math.round(ms),
    polls,
    rss_before_mb: rssBefore,
    rss_max_sampled_mb: maxRss,
    peak_rss_since_start_mb: server.peakRssMb(),
  };
  log(db, 'catalog publish', JSON.stringify(out));
  return out;
}

module.exports = { runCatalogPublish };
