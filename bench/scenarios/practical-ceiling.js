'use strict';
// The practical ceiling of an uncached products page (PostgreSQL only): a bare node:http server and node-postgres
// running the very statement the service runs for that page — built by the service's own repository (dist/),
// prepared, on a pool of the service's default size — and writing the rows' JSON text as one document, in pieces
// (prices' `formatted` left as the statement writes them, for the service to finish). What the service spends beyond
// it is its own work per request: routing, the token, the query, the envelope, the ETag.
const http = require('node:http');
const path = require('node:path');
const { Pool } = require('pg');
const config = require('../lib/config');
const qs = require(require.resolve('qs', { paths: [config.root] }));
const { listenOnNextPort } = require('../lib/ports');
const { measure, brief } = require('../lib/load');
const { ratio } = require('../lib/stats');
const { UNCACHED_READS } = require('../lib/uncached');

/** The service's default DATABASE_POOL_MAX. */
const POOL_SIZE = 10;

/**
 * The products page statement `{ text, values }` for `pathQ` exactly as the service builds it, recorded from its
 * repository instead of sent. `includeKeys`: the `included` keys of the service's answer, in its order.
 */
async function productsPageStatement(pathQ, includeKeys, linkBase) {
  const dist = path.join(config.root, 'dist');
  const { ProductsRepository, PRODUCTS_SPEC } = require(path.join(dist, 'catalog/products/products.repository'));
  const { parseListQuery } = require(path.join(dist, 'common/list-query'));
  const query = parseListQuery(qs.parse(new URL(pathQ, linkBase).search.slice(1)), PRODUCTS_SPEC, { defaultLimit: 25 });
  let statement;
  const record = async (sql) => {
    statement = sql;
    return [{ section: 0, n: 0, json: null, shown: null, total: 0, all_count: 0 }];
  };
  const recorder = { queryPrepared: record, $queryRaw: record };
  // The benchmark's token is a client_credentials one: every product, not only live ones.
  await new ProductsRepository(recorder).serializedPage(query, false, includeKeys, linkBase);
  if (!statement) throw new Error(`the repository wrote no single statement for ${pathQ}`);
  return { text: statement.text, values: statement.values };
}

/**
 * The document of one page from the statement's rows, as the pieces of text it is written in: each row's JSON text
 * as the driver returned it, between the envelope's and the commas' pieces. Section 0 holds the counts, 1 the page,
 * 2… the includes.
 */
function pageDocument(rows, includeKeys) {
  const sections = includeKeys.map(() => []);
  const data = [];
  for (const r of rows) {
    if (r.section === 1) data.push(r.json);
    else if (r.section >= 2) sections[r.section - 2].push(r.json);
  }
  const pieces = ['{"data":['];
  const array = (texts) => texts.forEach((text, i) => (i ? pieces.push(',', text) : pieces.push(text)));
  array(data);
  pieces.push('],"included":{');
  includeKeys.forEach((key, i) => {
    pieces.push(`${i ? ',' : ''}"${key}":[`);
    array(sections[i]);
    pieces.push(']');
  });
  pieces.push(`},"meta":{"results":{"total":${rows[0].total}}}}`);
  return pieces;
}

/**
 * The pieces go out in one corked write, as the service writes its documents: joined first into one string of
 * ~200 KB, the same page costs Node.js two to three times the CPU to send on these machines (a new string and
 * write buffer of that size each time).
 */
function ceilingServer(pool, statement, includeKeys) {
  const named = { name: 'page', text: statement.text, values: statement.values };
  return http.createServer((_req, res) => {
    pool.query(named).then(
      ({ rows }) => {
        const pieces = pageDocument(rows, includeKeys);
        let length = 0;
        for (const piece of pieces) length += Buffer.byteLength(piece);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
        res.cork();
        for (const piece of pieces) res.write(piece);
        res.end();
      },
      (e) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(e.message);
      },
    );
  });
}

/**
 * Measures the practical ceiling of one page: `statement` `{ text, values }` run on the database at `databaseUrl`
 * for every request, its rows written by pageDocument. Throws unless its page has `products` products.
 */
async function runPracticalCeiling({ databaseUrl, statement, includeKeys, products, label, log }) {
  const pool = new Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const srv = ceilingServer(pool, statement, includeKeys);
  try {
    const port = await listenOnNextPort(srv);
    const { rows } = await pool.query(statement);
    const written = rows.filter((r) => r.section === 1).length;
    if (written !== products) throw new Error(`the practical ceiling's page has ${written} products, the service's ${products}`);
    const res = { ...(await measure(`http://127.0.0.1:${port}/`)), body_bytes: Buffer.byteLength(pageDocument(rows, includeKeys).join('')) };
    log('postgres', `practical ceiling ${label}`, brief(res));
    return res;
  } finally {
    srv.closeAllConnections?.();
    await new Promise((r) => srv.close(r));
    await pool.end();
  }
}

/**
 * After scenario 2 on PostgreSQL: the practical ceiling of each products page measured uncached, and
 * `<name>_uncached_fraction_of_practical_ceiling` on `out` (the database's results).
 */
async function runPracticalCeilings({ server, bodies, log, skipped }, databaseUrl, out) {
  const ceilings = {};
  for (const { name, result } of UNCACHED_READS.filter((read) => read.practical)) {
    const read = out[result];
    if (!read || !bodies[name]) continue;
    try {
      const service = JSON.parse(bodies[name]);
      const includeKeys = Object.keys(service.included ?? {});
      const statement = await productsPageStatement(read.path, includeKeys, server.base);
      const measured = await runPracticalCeiling({ databaseUrl, statement, includeKeys, products: service.data.length, label: name, log });
      ceilings[name] = { path: read.path, ...measured };
      out[`${name}_uncached_fraction_of_practical_ceiling`] = ratio(read.rps, ceilings[name].rps);
    } catch (e) {
      skipped.push(`postgres: practical ceiling of ${name} not measured: ${e.message}`);
    }
  }
  out.practical_ceilings = ceilings;
}

module.exports = { runPracticalCeilings, runPracticalCeiling, productsPageStatement, pageDocument };
