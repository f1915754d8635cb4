#!/usr/bin/env node
// `npm run test:container`: builds the image from the Dockerfile and runs it the way it is deployed — on the
// embedded database (a named volume at /data) and on PostgreSQL (a database made for the run and dropped
// after) — checking /health, the HEALTHCHECK, a token, a write, the unprivileged user, data kept across a
// restart, and the start-up message for a /data the server cannot write. Prints the image size, removes every
// container, volume, image and folder it made, and ends with one PASS/FAIL line (exit status 1 on failure).
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const { ContainerEngine } = require('./lib/container-engine');

const root = path.resolve(__dirname, '..');
const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const MAX_IMAGE_MB = Number(process.env.CONTAINER_IMAGE_MAX_MB || 375);
// A deadline for a container to answer /health (migrations included), not a speed target.
const START_DEADLINE_MS = 180_000;
const CLIENT_ID = 'container-test-client';
const CLIENT_SECRET = `container-test-${randomBytes(12).toString('hex')}`;
const id = `${process.pid}-${randomBytes(3).toString('hex')}`;
const tag = `localhost/commerce-api-test:${id}`;
const started = Date.now();

let interrupted;
const log = (msg) => console.log(`[container] ${msg}`);
const ok = (msg) => {
  console.log(`[container] ok - ${msg}`);
  if (interrupted) throw new Error(`interrupted by ${interrupted}`); // stop at the next step, then clean up
};
function check(condition, message) {
  if (!condition) throw new Error(message);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(engine, name, base) {
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    const res = await fetch(`${base}/health`).catch(() => undefined);
    if (res?.ok) return res.json();
    if (!engine.running(name)) throw new Error(`${name} stopped (exit ${engine.exitCode(name)}) before /health answered:\n${engine.logs(name)}`);
    if (Date.now() > deadline) throw new Error(`${name}: /health did not answer 200 within ${START_DEADLINE_MS / 1000} s:\n${engine.logs(name)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function api(base, method, url, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(form).toString();
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body: payload });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

async function token(base) {
  const res = await api(base, 'POST', '/oauth/access_token', {
    form: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
  });
  check(res.status === 200 && typeof res.json?.access_token === 'string', `POST /oauth/access_token: ${res.status} ${res.text}`);
  return res.json.access_token;
}

/** One container start on `store`: answers, is healthy, runs as uid 1000, issues a token. */
async function startAndCheck(engine, name, store, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  engine.start(name, tag, { env: { ...env, PORT: String(port), HOST: '127.0.0.1', CLIENT_ID, CLIENT_SECRET }, volume: store.volume });
  const health = await waitForHealth(engine, name, base);
  ok(`${store.label}: ${name} answers GET /health (${JSON.stringify(health)})`);
  const hc = engine.healthcheck(name, tag);
  check(hc.status === 0, `${name}: the HEALTHCHECK command failed (${hc.status}): ${hc.output}`);
  ok(`${store.label}: the image's HEALTHCHECK command passes`);
  const status = engine.exec(name, ['cat', '/proc/1/status', '/proc/1/cmdline']);
  const uid = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
  check(uid && uid[1] === '1000' && uid[2] === '1000', `${name}: the server runs as ${uid ? `uid ${uid[1]}` : 'an unknown user'}, not 1000`);
  check(status.includes('dist/main.js'), `${name}: process 1 is not the server: ${status.split('\0').join(' ')}`);
  ok(`${store.label}: the server is process 1 and runs as uid 1000`);
  return { base, token: await token(base) };
}

/** Start, write, stop (graceful), start again on the same storage, read the write back. */
async function runOn(engine, store, env) {
  const first = `commerce-api-test-${id}-${store.key}-1`;
  const a = await startAndCheck(engine, first, store, env);
  ok(`${store.label}: POST /oauth/access_token (client_credentials) issues a token`);
  const sku = `container-${id}`;
  const created = await api(a.base, 'POST', '/v2/products', {
    token: a.token,
    body: { data: { type: 'product', name: 'Container check', slug: sku, sku, commodity_type: 'physical', status: 'live', price: [{ amount: 1999, currency: 'USD', includes_tax: true }] } },
  });
  check(created.status === 201 && created.json?.data?.id, `POST /v2/products: ${created.status} ${created.text}`);
  const productId = created.json.data.id;
  ok(`${store.label}: POST /v2/products writes product ${productId}`);
  check(/Applied \d+ migration/.test(engine.logs(first)), `${first}: the migrations did not run at start:\n${engine.logs(first)}`);
  engine.stop(first);
  check(engine.exitCode(first) === 0, `${first}: did not stop gracefully (exit ${engine.exitCode(first)}):\n${engine.logs(first)}`);
  engine.remove(first);
  ok(`${store.label}: the container stops gracefully (exit 0) and is removed`);

  const second = `commerce-api-test-${id}-${store.key}-2`;
  const b = await startAndCheck(engine, second, store, env);
  const read = await api(b.base, 'GET', `/v2/products/${productId}`, { token: b.token });
  check(read.status === 200 && read.json?.data?.sku === sku, `GET /v2/products/${productId} after the restart: ${read.status} ${read.text}`);
  check(/No pending migrations/.test(engine.logs(second)), `${second}: expected no pending migrations on restart:\n${engine.logs(second)}`);
  ok(`${store.label}: a new container on the same ${store.what} reads the product back`);
  engine.remove(second);
}

async function withAdmin(fn) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function main(engine, cleanups) {
  engine.prepare(path.join(root, 'Dockerfile'));
  const buildLog = path.join(engine.root ?? os.tmpdir(), `commerce-api-build-${id}.log`);
  if (!engine.root) cleanups.push(() => fs.rmSync(buildLog, { force: true }));
  log(`building ${tag} from the Dockerfile with ${engine.kind} (log: ${buildLog})`);
  const buildStarted = Date.now();
  engine.build(tag, root, buildLog);
  const bytes = engine.imageSizeBytes(tag);
  const mb = Math.round(bytes / 1e6);
  ok(`image built in ${Math.round((Date.now() - buildStarted) / 1000)} s; image size: ${mb} MB (${bytes} bytes)`);
  check(mb <= MAX_IMAGE_MB, `the image is ${mb} MB, over the ${MAX_IMAGE_MB} MB ceiling (CONTAINER_IMAGE_MAX_MB)`);

  const volume = `commerce-api-test-${id}-data`;
  engine.createVolume(volume);
  await runOn(engine, { key: 'pglite', label: 'embedded database', what: 'volume', volume: `${volume}:/data` }, {});

  const database = `commerce_api_container_${id.replace(/-/g, '_')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${database}"`));
  cleanups.push(() => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const filesVolume = `commerce-api-test-${id}-files`;
  engine.createVolume(filesVolume);
  await runOn(engine, { key: 'postgres', label: 'PostgreSQL', what: 'database', volume: `${filesVolume}:/data` }, { DATABASE_URL: databaseUrl.toString() });

  // A host folder owned by root, bind-mounted at /data: the server must stop at once and say how to fix it.
  const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-api-unwritable-'));
  cleanups.push(() => fs.rmSync(hostDir, { recursive: true, force: true }));
  fs.chmodSync(hostDir, 0o755);
  const refused = engine.runToEnd(`commerce-api-test-${id}-unwritable`, tag, { env: { CLIENT_ID, CLIENT_SECRET }, volume: `${hostDir}:/data` });
  check(refused.status !== 0, `a /data the node user cannot write: the container did not stop:\n${refused.output}`);
  check(
    /Configuration error: PGLITE_DATA_DIR=\/data\/pglite: \/data .*is not writable by this process \(uid 1000/.test(refused.output) &&
      /chown -R 1000:1000/.test(refused.output) &&
      !/EACCES/.test(refused.output),
    `a /data the node user cannot write: expected the start-up message saying how to fix it, got:\n${refused.output}`,
  );
  const message = refused.output.split('\n').find((line) => line.startsWith('Configuration error:'));
  ok(`a root-owned folder bind-mounted at /data stops the container (exit ${refused.status}) saying how to fix it:\n    ${message}`);
  return mb;
}

async function run() {
  let engine;
  const cleanups = [];
  let failure;
  let mb;
  const onSignal = (signal) => {
    interrupted = signal;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    engine = ContainerEngine.detect(log);
    log(`engine: ${engine.kind}`);
    mb = await main(engine, cleanups);
  } catch (e) {
    failure = e;
  }
  const problems = [];
  try {
    if (engine) problems.push(...engine.cleanUp());
  } catch (e) {
    problems.push(e.message);
  }
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (e) {
      problems.push(e.message);
    }
  }
  if (problems.length) log(`clean-up left something behind:\n  ${problems.join('\n  ')}`);
  else if (engine) log('ok - removed every container, volume, image and folder this test made');
  if (interrupted && !failure) failure = new Error(`interrupted by ${interrupted}`);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (failure || problems.length) {
    if (failure) console.error(`[container] ${failure.stack ?? failure}`);
    console.log(`test:container: FAIL in ${seconds} s — ${failure ? failure.message.split('\n')[0] : 'clean-up incomplete'}`);
    process.exit(1);
  }
  console.log(`test:container: PASS in ${seconds} s — image ${mb} MB (ceiling ${MAX_IMAGE_MB} MB)`);
}

void run();
