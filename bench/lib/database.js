'use strict';
// A fresh database per benchmark database kind, and direct SQL access to it for seeding.
//   postgres: a `bench_<ts>_<n>` database CREATEd on BENCH_PG_URL, DROPped at the end.
//   pglite:   a temporary directory (data in ./pglite, uploads in ./files), removed at the end. PGlite is
//             single-process: open it from here (withQuery) only while no server runs on it.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const config = require('./config');
const { onCleanup } = require('./cleanup');

let counter = 0;

async function adminQuery(sql) {
  const c = new Client({ connectionString: config.pgAdminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The handle both kinds return; `remove` runs at `drop()`, or at exit if the benchmark is cut short. */
function handle(kind, name, env, withQuery, remove) {
  const unregister = onCleanup(remove);
  return {
    kind,
    name,
    env,
    withQuery,
    async drop() {
      unregister();
      await remove();
    },
  };
}

/** @returns {{ kind, env, withQuery(fn), drop() }} `withQuery(fn)` calls fn(query) with query(sql, params) → rows. */
async function createDatabase(kind) {
  if (kind === 'postgres') {
    const name = `bench_${Date.now()}_${process.pid}_${counter++}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = config.pgAdminUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
    const withQuery = async (fn) => {
      const c = new Client({ connectionString: url });
      await c.connect();
      try {
        return await fn((sql, params) => c.query(sql, params).then((r) => r.rows));
      } finally {
        await c.end();
      }
    };
    return handle(kind, name, { DATABASE_URL: url }, withQuery, () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  if (kind === 'pglite') {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
    const dataDir = path.join(root, 'pglite');
    const withQuery = async (fn) => {
      // The benchmark's own copy of the dependency the server uses (same version, same data format).
      const { PGlite } = require(require.resolve('@electric-sql/pglite', { paths: [config.root] }));
      const db = new PGlite(dataDir);
      await db.waitReady;
      try {
        return await fn((sql, params) => db.query(sql, params).then((r) => r.rows));
      } finally {
        await db.close();
      }
    };
    const env = { PGLITE_DATA_DIR: dataDir, FILES_DIR: path.join(root, 'files') };
    return handle(kind, root, env, withQuery, async () => fs.rmSync(root, { recursive: true, force: true }));
  }
  throw new Error(`unknown database kind ${kind}`);
}

module.exports = { createDatabase };
