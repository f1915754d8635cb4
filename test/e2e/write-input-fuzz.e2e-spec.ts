import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { concretePath, discoverRoutes, RouteInfo } from '../support/app-routes';
import { dtoFields, isNullable, withValueAt } from '../support/dto-fields';
import { createProduct } from '../support/factories';
import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';
import { testDbKind } from '../support/test-database';
import { writeFixtures } from '../support/write-fixtures';

/**
 * Bad input, property-based (SECURITY.md, "Bad input"). For every route that takes a body, as the router
 * serves it (test/support/app-routes.ts), generated bodies — wrong types, missing and extra fields, huge strings
 * and arrays, deep nesting, unicode and control characters, out-of-range numbers, malformed JSON,
 * wrong content types, oversized bodies — must get a non-5xx answer: a 2xx when valid by chance,
 * otherwise an error document; and a refused request must leave the database exactly as it was
 * (a fingerprint of every table's rows). Lists get generated page/sort/filter/include strings.
 *
 * Each property runs in full once, on the database where it can differ (docs/ci.md, "The write fuzz"). Whether
 * a bad input gets a 500 is decided by the validation, which runs before any database, except where a database
 * refuses a value the validation let through (a length, a range, an encoding, a collation). PGlite is the same
 * PostgreSQL (compiled to WebAssembly), so those refusals are the same on both; what differs is the driver in
 * between (our embedded adapter against adapter-pg) and the service's locale. So the properties whose requests
 * reach a database run NUM_RUNS times on PostgreSQL and DRIVER_RUNS times on PGlite, enough to pass a refused
 * value through the embedded driver on every route; a property that never reaches a database (compressed
 * garbage is refused while the body is read) runs on PostgreSQL only. The lists' properties run in full on both:
 * their filters and sorts are SQL, where a collation can differ, and they cost little.
 *
 * FUZZ_RUNS sets NUM_RUNS (PGlite runs a fifth of it); FUZZ_SEED replays a run.
 */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const ON_POSTGRES = testDbKind() === 'postgres';
const DRIVER_RUNS = ON_POSTGRES ? NUM_RUNS : Math.ceil(NUM_RUNS / 5);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const fcOptions = (numRuns = DRIVER_RUNS) => ({ numRuns, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true });

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface WriteTarget {
  name: string;
  method: 'post' | 'put' | 'delete';
  path: string;
  /** A body that is valid or close to it: the mutations start from here. */
  template: () => Json;
  /** Sends the body as a form (the token endpoint) rather than JSON, for the "valid" encoding. */
  form?: boolean;
  auth: 'admin' | 'storefront' | 'none';
}

// ---------------------------------------------------------------------------------------------------
// Generators

const CONTROL = fc.constantFrom('\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\u202e', '\ufeff', '\uffff', '\ud800', '\udfff');
const TRICKY_STRINGS = fc.constantFrom(
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9007199254740993',
  'true',
  'null',
  '2026-13-45T25:61:61Z',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ﷺ',
  '\u0000null\u0000',
  'a\u0000b',
);
const HUGE_STRINGS = fc.constantFrom('a'.repeat(70_000), 'é'.repeat(40_000), '\u0000'.repeat(10_000), '😀'.repeat(20_000));
const nastyString = fc.oneof(
  { weight: 3, arbitrary: TRICKY_STRINGS },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(CONTROL, { minLength: 1, maxLength: 8 }).map((a) => a.join('')) },
  { weight: 1, arbitrary: HUGE_STRINGS },
);
const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.0001, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 2 ** 64, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/**
 * Object keys. `constructor` is left out here on purpose: class-transformer crashes on it (500), which
 * the dedicated "constructor keys" test below pins down; excluding it lets the fuzz find other bugs.
 */
const objectKey = fc.oneof(nastyString, fc.constantFrom('__proto__', 'prototype', 'type', 'id', 'data', 'toString', 'hasOwnProperty')).filter((k) => k !== 'constructor');
const leaf: fc.Arbitrary<Json> = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(objectKey, tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom<Json>(Array.from({ length: 20_000 }, (_, i) => i), Array.from({ length: 5_000 }, () => 'x'.repeat(10)), JSON.parse('['.repeat(50) + '1' + ']'.repeat(50))) },
  ),
})).value;

/** Every path (list of keys/indices) into a JSON value, the root included. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

type Mutation = { op: 'replace' | 'delete' | 'add'; pick: number; key: string; value: Json };

function mutate(template: Json, mutations: Mutation[]): Json {
  let body = structuredClone(template);
  for (const original of mutations) {
    // Generated values may be shared constants: never let a later mutation edit (or cycle through) them.
    const m = { ...original, value: structuredClone(original.value) };
    const all = paths(body);
    const path = all[m.pick % all.length];
    if (path.length === 0) {
      body = m.op === 'add' && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [m.key]: m.value } : m.value;
      continue;
    }
    const parent = path.slice(0, -1).reduce<any>((node, k) => node[k], body);
    const last = path[path.length - 1];
    if (m.op === 'replace') parent[last] = m.value;
    else if (m.op === 'delete') Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
    else {
      const target = parent[last];
      if (target && typeof target === 'object' && !Array.isArray(target)) Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      else if (Array.isArray(target)) target.push(m.value);
      else parent[last] = m.value;
    }
  }
  return body;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom<'replace' | 'delete' | 'add'>('replace', 'replace', 'delete', 'add'),
  pick: fc.nat(),
  key: fc.oneof(objectKey, fc.constantFrom('extra', '__proto__', 'id', 'type', 'created_at', 'secret_key')),
  value: nastyValue,
});

const DEEP_ARRAY = '['.repeat(20_000) + ']'.repeat(20_000);
const DEEP_OBJECT = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);

type Request =
  | { kind: 'json'; body: Json }
  | { kind: 'raw'; contentType: string | null; payload: string | Buffer; label: string };

const json = (body: Json): Request => labelled({ kind: 'json', body }, JSON.stringify(body));
const raw = (contentType: string | null, payload: string | Buffer, label: string): Request =>
  labelled({ kind: 'raw', contentType, payload, label }, `[${label}, ${contentType}] ${String(payload)}`);

function requestArb(target: WriteTarget, bodyLimit: number): fc.Arbitrary<Request> {
  const template = target.template();
  const templateText = JSON.stringify(template);
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(mutationArb, { minLength: 1, maxLength: 3 }).map((ms): Request => json(mutate(template, ms))) },
    { weight: 1, arbitrary: nastyValue.map((body): Request => json(body)) },
    { weight: 1, arbitrary: nastyValue.map((v): Request => json({ data: v })) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.nat({ max: templateText.length - 1 }).map((n): Request => (raw('application/json', templateText.slice(0, n), 'truncated JSON'))),
        fc.constantFrom<Request>(

          raw('application/json', `{"data":${DEEP_ARRAY}}`, 'deeply nested array'),
          // (A deeply nested object inside `data` has a dedicated test below.)
          raw('application/json', `{"data":{"type":"x","name":${'{"a":'.repeat(200) + '1' + '}'.repeat(200)}}}`, 'nested object, 200 levels'),
          raw('application/json', "{'data': {}}", 'single quotes'),
          raw('application/json', '{"data":{"a":1,}}', 'trailing comma'),
          raw('application/json', '{"data":NaN}', 'NaN literal'),
          raw('application/json', '{"data":{"__proto__":{"admin":true}}}', '__proto__ pollution'),
          raw('application/json', Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3, 0x28]), 'invalid UTF-8'),
          raw('application/json; charset=utf-16', templateText, 'unsupported charset'),
          raw('application/json; charset=latin1', templateText, 'latin1 charset'),
          raw('text/plain', templateText, 'text/plain'),
          raw('application/xml', '<data><type>x</type></data>', 'XML'),
          raw('application/x-www-form-urlencoded', templateText, 'JSON sent as a form'),
          raw('application/x-www-form-urlencoded', 'data[type]=x&data[name][]=a&data[__proto__][x]=1&%ZZ=%', 'bracketed form'),
          raw('multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--xyz--', 'multipart'),
          raw(null, templateText, 'no content type'),
          raw('application/json', '', 'empty body'),
          raw('application/json', 'null', 'null'),
          raw('application/json', '"data"', 'a string'),
          raw('application/json', '[{"data":{}}]', 'an array'),
          raw('application/json', `{"data":{"x":"${'a'.repeat(bodyLimit)}"}}`, 'over the body limit'),
          raw('application/x-www-form-urlencoded', `a=${'b'.repeat(bodyLimit)}`, 'form over the body limit'),
          raw('application/x-www-form-urlencoded', Array.from({ length: 2000 }, (_, i) => `k${i}=v`).join('&'), 'a form with 2000 fields'),
        ),
      ),
    },
  );
}

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as any client would send them). */
function pct(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

/** Keeps printable ASCII as typed (so brackets, commas and colons reach the parser raw), encodes the rest. */
function rawish(value: string): string {
  return value.replace(/[^!-~]|[#%&+=?]/gu, (c) => pct(c));
}

/** Short, readable counterexamples in fast-check's report (bodies can be megabytes). */
function labelled<T extends object>(value: T, label: string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => (label.length > 300 ? `${label.slice(0, 300)}… (${label.length} chars)` : label), enumerable: false });
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Assertions

function problems(res: Response): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`status ${res.status}`);
  if (res.status >= 200 && res.status < 300) return out;
  if (!/application\/json/.test(res.headers['content-type'] ?? '')) out.push(`content-type ${res.headers['content-type']}`);
  const errors = res.body?.errors;
  if (!Array.isArray(errors) || errors.length === 0) out.push('no errors array');
  else
    for (const e of errors) {
      // A number in the v2 families, its string in the newer ones (the route's family decides).
      if (Number(e.status) !== res.status || (typeof e.status !== 'number' && typeof e.status !== 'string')) out.push(`errors[].status ${e.status} != ${res.status}`);
      if (typeof e.title !== 'string' || typeof e.detail !== 'string') out.push('title/detail not strings');
    }
  if (/\bat .+\.(ts|js):\d+|prisma|PrismaClient|invocation|SQLSTATE|relation "/i.test(res.text ?? '')) out.push('internal details in the body');
  if (!res.headers['x-request-id']) out.push('no X-Request-Id');
  return out;
}

function describeRequest(target: WriteTarget, req: Request): string {
  const body = req.kind === 'json' ? JSON.stringify(req.body) : `[${req.label}] ${String(req.payload)}`;
  return `${target.method.toUpperCase()} ${target.path} ${body.length > 400 ? body.slice(0, 400) + `… (${body.length} chars)` : body}`;
}

// ---------------------------------------------------------------------------------------------------

describe('bad input (property-based)', () => {
  let t: TestApp;
  let fingerprintSql: string;
  let lastFingerprint: { writes: string; tables: Record<string, string> } | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: '10000000' } });
    const tables: { table_name: string }[] = await t.prisma.$queryRawUnsafe(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_prisma%' ORDER BY table_name",
    );
    // One row per table, gathered by json_object_agg: a function call (json_build_object) takes at most 100 arguments.
    fingerprintSql =
      'SELECT json_object_agg(name, f)::text AS f FROM (VALUES ' +
      tables.map(({ table_name }) => `('${table_name}', (SELECT count(*)::text || ':' || md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM "${table_name}" x))`).join(', ') +
      ') AS v(name, f)';
    // Every statement that writes to a table (committed or rolled back, rows or none) advances a sequence, which
    // no rollback takes back: while it stands still, nothing was written and the last fingerprint still holds.
    await t.prisma.$executeRawUnsafe('CREATE SEQUENCE fuzz_write_statements');
    await t.prisma.$executeRawUnsafe("CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('fuzz_write_statements'); RETURN NULL; END $$");
    for (const { table_name } of tables) {
      await t.prisma.$executeRawUnsafe(`CREATE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table_name}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_write()`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every table's row count and a hash of its rows; computed again only after a statement wrote somewhere. */
  async function fingerprint(): Promise<Record<string, string>> {
    const [{ writes }] = await t.prisma.$queryRawUnsafe<{ writes: string }[]>('SELECT last_value::text || is_called::text AS writes FROM fuzz_write_statements');
    if (lastFingerprint?.writes !== writes) {
      const [{ f }] = await t.prisma.$queryRawUnsafe<{ f: string }[]>(fingerprintSql);
      lastFingerprint = { writes, tables: JSON.parse(f) };
    }
    return { ...lastFingerprint.tables };
  }

  function authHeader(target: WriteTarget): Record<string, string> {
    return target.auth === 'admin' ? t.admin : target.auth === 'storefront' ? t.storefront : {};
  }

  /**
   * Only flat objects go out as forms: the client's form encoder (qs) repeats a nested value's whole key path for
   * every leaf, so a generated huge key over a 20,000-element array made a string over V8's limit in the test
   * itself (RangeError in qs.stringify, no request sent). Nested bodies still reach the token endpoint as JSON.
   */
  function isFlatObject(body: unknown): body is Record<string, unknown> {
    return !!body && typeof body === 'object' && !Array.isArray(body) && Object.values(body).every((v) => v === null || typeof v !== 'object');
  }

  async function send(target: WriteTarget, req: Request): Promise<Response> {
    let r = (t.http as any)[target.method](target.path).set(authHeader(target));
    if (req.kind === 'json') {
      r = target.form && isFlatObject(req.body) && Math.random() < 0.5 ? r.type('form').send(req.body) : r.set('Content-Type', 'application/json').send(JSON.stringify(req.body));
    } else {
      if (req.contentType) r = r.set('Content-Type', req.contentType);
      r = r.send(req.payload);
    }
    return r;
  }

  /**
   * The targets: every route that takes a body, as the router serves them (app-routes.ts), each with a request
   * that succeeds as it stands (write-fixtures.ts, or OTHER_BODY_FIXTURES for a body that is not `{"data": …}`).
   * The first test fails when a served body route has no fixture or a fixture no route, so a new route cannot
   * escape the fuzz; each route's property test below fails if its target cannot be made.
   */
  /** A product and a category, and the relationship body that links them (`{"data": [{type, id}]}`). */
  const productRelationship = (method: 'post' | 'put' | 'delete') => async (): Promise<Omit<WriteTarget, 'name'>> => {
    const product = await createProduct(t);
    const category = await t.http.post('/v2/categories').set(t.admin).send({ data: { type: 'category', name: 'Fuzz relation', slug: `fuzz-rel-${randomUUID().slice(0, 8)}` } });
    if (category.status !== 201) throw new Error(`category for the relationship fixture: ${category.status}`);
    return { method, path: `/v2/products/${product.id}/relationships/categories`, auth: 'admin', template: () => ({ data: [{ type: 'category', id: category.body.data.id }] }) };
  };
  /** A hierarchy with two nodes, and the body that moves one under the other or to the top (`{"data": [{type, id, meta?}]}`). */
  const pcmChildren = (underNode: boolean) => async (): Promise<Omit<WriteTarget, 'name'>> => {
    const made = async (path: string, data: Record<string, unknown>) => {
      const res = await t.http.post(path).set(t.admin).send({ data });
      if (res.status !== 201) throw new Error(`${path} for the children fixture: ${res.status}`);
      return res.body.data.id as string;
    };
    const hierarchy = await made('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: `Fuzz tree ${randomUUID().slice(0, 8)}` } });
    const parent = await made(`/pcm/hierarchies/${hierarchy}/nodes`, { type: 'node', attributes: { name: 'Parent' } });
    const child = await made(`/pcm/hierarchies/${hierarchy}/nodes`, { type: 'node', attributes: { name: 'Child' } });
    const path = underNode ? `/pcm/hierarchies/${hierarchy}/nodes/${parent}/relationships/children` : `/pcm/hierarchies/${hierarchy}/relationships/children`;
    return { method: 'post', path, auth: 'admin', template: () => ({ data: [{ type: 'node', id: child, meta: { sort_order: 2 } }] }) };
  };
  /** A cart and a customer (or an account), and the body that associates them (`{"data": [{type, id}]}`); associated already to remove it. */
  const cartRelationship = (kind: 'customer' | 'account', method: 'post' | 'delete') => async (): Promise<Omit<WriteTarget, 'name'>> => {
    const suffix = randomUUID().slice(0, 8);
    const made =
      kind === 'customer'
        ? await t.http.post('/v2/customers').set(t.admin).send({ data: { type: 'customer', name: `Fuzz ${suffix}`, email: `fuzz-${suffix}@example.com` } })
        : await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name: `Fuzz ${suffix}`, legal_name: 'Fuzz Ltd' } });
    if (made.status !== 201) throw new Error(`${kind} for the cart ${kind}s fixture: ${made.status}`);
    await t.http.get(`/v2/carts/fuzz-${suffix}`).set(t.storefront).expect(200);
    const path = `/v2/carts/fuzz-${suffix}/relationships/${kind}s`;
    const body = { data: [{ type: kind, id: made.body.data.id }] };
    if (method === 'delete' && (await t.http.post(path).set(t.admin).send(body)).status !== 200) throw new Error(`cart ${kind}s fixture: not associated`);
    return { method, path, auth: 'admin', template: () => body };
  };
  const pcmMade = async (path: string, data: Record<string, unknown>) => {
    const res = await t.http.post(path).set(t.admin).send({ data });
    if (res.status !== 201) throw new Error(`${path} for a PXM fixture: ${res.status}`);
    return res.body.data.id as string;
  };
  const pcmProduct = () => pcmMade('/pcm/products', { type: 'product', attributes: { name: `Fuzz PXM ${randomUUID().slice(0, 8)}`, slug: `fuzz-pxm-${randomUUID().slice(0, 8)}` } });
  /** A PXM product and a file of /v2/files, and the body that attaches it (`{"data": [{type, id, meta?}]}`). */
  const pcmProductFiles = (method: 'post' | 'put' | 'delete') => async (): Promise<Omit<WriteTarget, 'name'>> => {
    const product = await pcmProduct();
    const file = await pcmMade('/v2/files', { type: 'file', file_location: `https://example.com/${randomUUID()}.png` });
    return { method, path: `/pcm/products/${product}/relationships/files`, auth: 'admin', template: () => ({ data: [{ type: 'file', id: file, meta: { tags: ['manual'] } }] }) };
  };
  /** A node and a PXM product, and the body that puts the product into the node (`{"data": [{type, id}]}`). */
  const pcmNodeProducts = (method: 'post' | 'delete') => async (): Promise<Omit<WriteTarget, 'name'>> => {
    const hierarchy = await pcmMade('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: `Fuzz tree ${randomUUID().slice(0, 8)}` } });
    const node = await pcmMade(`/pcm/hierarchies/${hierarchy}/nodes`, { type: 'node', attributes: { name: 'Node' } });
    const product = await pcmProduct();
    return { method, path: `/pcm/hierarchies/${hierarchy}/nodes/${node}/relationships/products`, auth: 'admin', template: () => ({ data: [{ type: 'product', id: product }] }) };
  };
  /** A PXM product and a variation, and the body that attaches it (`{"data": [{type, id}]}`). */
  const pcmProductVariations = (method: 'post' | 'put' | 'delete') => async (): Promise<Omit<WriteTarget, 'name'>> => {
    const product = await pcmProduct();
    const variation = await pcmMade('/pcm/variations', { type: 'product-variation', attributes: { name: `Fuzz size ${randomUUID().slice(0, 8)}` } });
    return { method, path: `/pcm/products/${product}/relationships/variations`, auth: 'admin', template: () => ({ data: [{ type: 'product-variation', id: variation }] }) };
  };
  const OTHER_BODY_FIXTURES: Record<string, () => Promise<Omit<WriteTarget, 'name'>>> = {
    'POST /v2/carts/:ref/relationships/customers': cartRelationship('customer', 'post'),
    'DELETE /v2/carts/:ref/relationships/customers': cartRelationship('customer', 'delete'),
    'POST /v2/carts/:ref/relationships/accounts': cartRelationship('account', 'post'),
    'DELETE /v2/carts/:ref/relationships/accounts': cartRelationship('account', 'delete'),
    'POST /oauth/access_token': async () => ({ method: 'post', path: '/oauth/access_token', auth: 'none', form: true, template: () => ({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }) }),
    'POST /v2/products/:id/relationships/:relation': productRelationship('post'),
    'PUT /v2/products/:id/relationships/:relation': productRelationship('put'),
    'DELETE /v2/products/:id/relationships/:relation': productRelationship('delete'),
    'POST /pcm/hierarchies/:id/relationships/children': pcmChildren(false),
    'POST /pcm/hierarchies/:id/nodes/:nodeId/relationships/children': pcmChildren(true),
    'POST /v2/inventories/multiple': async () => ({ method: 'post', path: '/v2/inventories/multiple', auth: 'admin', template: () => ({ data: [{ type: 'stock', id: randomUUID() }] }) }),
    'POST /pcm/products/:id/relationships/files': pcmProductFiles('post'),
    'PUT /pcm/products/:id/relationships/files': pcmProductFiles('put'),
    'DELETE /pcm/products/:id/relationships/files': pcmProductFiles('delete'),
    'POST /pcm/hierarchies/:id/nodes/:nodeId/relationships/products': pcmNodeProducts('post'),
    'DELETE /pcm/hierarchies/:id/nodes/:nodeId/relationships/products': pcmNodeProducts('delete'),
    'POST /pcm/products/:id/relationships/variations': pcmProductVariations('post'),
    'PUT /pcm/products/:id/relationships/variations': pcmProductVariations('put'),
    'DELETE /pcm/products/:id/relationships/variations': pcmProductVariations('delete'),
  };
  // The keys alone (the fixtures are made per test, on the test app).
  const TARGET_KEYS = [...Object.keys(writeFixtures(undefined as unknown as TestApp)), ...Object.keys(OTHER_BODY_FIXTURES)].sort();
  const bodyRouteKeys = () =>
    discoverRoutes(t)
      .filter((r) => r.body)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
  async function targetFor(key: string): Promise<WriteTarget> {
    const other = OTHER_BODY_FIXTURES[key];
    if (other) return { name: key, ...(await other()) };
    const make = writeFixtures(t)[key];
    if (!make) throw new Error(`no fixture for ${key}`);
    const fixture = await make();
    const method = key.split(' ')[0].toLowerCase();
    if (method !== 'post' && method !== 'put' && method !== 'delete') throw new Error(`${key}: only POST, PUT and DELETE bodies are fuzzed`);
    return { name: key, method, path: fixture.path, auth: fixture.auth, template: () => structuredClone(fixture.body) as Json };
  }

  it('fuzzes exactly the routes that take a body, as the router serves them', async () => {
    expect(TARGET_KEYS).toEqual(bodyRouteKeys());
    expect(TARGET_KEYS.length).toBeGreaterThanOrEqual(20);
  });

  for (const key of TARGET_KEYS) {
    it(`${key}: generated bad bodies get a non-5xx error document and write nothing`, async () => {
      const target = await targetFor(key);
      // One fingerprint per request: the state after a request is the state before the next (nothing else
      // writes meanwhile: the app's workers are off), so a refused request is compared with the one before it.
      let before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(requestArb(target, t.config.bodyLimitBytes), async (req) => {
          const res = await send(target, req);
          const issues = problems(res);
          if (issues.length) throw new Error(`${describeRequest(target, req)}\n→ ${res.status} ${res.text?.slice(0, 500)}\n${issues.join('; ')}`);
          const after = await fingerprint();
          const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
          before = after;
          if (res.status >= 300 && changed.length) throw new Error(`${describeRequest(target, req)}\n→ ${res.status} ${res.text?.slice(0, 300)}\nrefused, but wrote to: ${changed.join(', ')}`);
        }),
        fcOptions(),
      );
    }, 10 * 60_000);
  }

  it('payments: generated Idempotency-Key headers never cause a 5xx', async () => {
    const target = await targetFor('POST /v2/orders/:orderId/payments');
    const header = fc.oneof(
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 300 }),
      fc.constantFrom('x'.repeat(5000), ' ', 'a,b', '../../', "' OR 1=1 --", '%00', randomUUID()),
    );
    await fc.assert(
      fc.asyncProperty(header, fc.boolean(), async (key, validBody) => {
        const body = validBody ? target.template() : { data: { gateway: 42 } };
        const res = await (t.http as any).post(target.path).set(t.storefront).set('Idempotency-Key', key.trim() || 'x').send(body);
        const issues = problems(res);
        if (issues.length) throw new Error(`Idempotency-Key ${JSON.stringify(key.slice(0, 100))} → ${res.status} ${res.text?.slice(0, 300)}\n${issues.join('; ')}`);
      }),
      fcOptions(Math.ceil(DRIVER_RUNS / 2)),
    );
  });

  /**
   * Every `{"data": …}` target, one after the other (each fixture writes its resources); made once and shared by
   * the tests below, which send each target a handful of bodies.
   */
  let madeBodyTargets: Promise<WriteTarget[]> | undefined;
  function bodyTargets(): Promise<WriteTarget[]> {
    madeBodyTargets ??= (async () => {
      const out: WriteTarget[] = [];
      for (const key of TARGET_KEYS.filter((k) => !OTHER_BODY_FIXTURES[k])) out.push(await targetFor(key));
      return out;
    })();
    return madeBodyTargets;
  }

  it('an object with a "constructor" key in place of a field is a 400 naming the field (or accepted where the field is an object), never a 500, and writes nothing', async () => {
    const failures: string[] = [];
    for (const target of await bodyTargets()) {
      const template = target.template() as { data: Record<string, Json> };
      for (const field of Object.keys(template.data).filter((k) => k !== 'type')) {
        for (const value of [{ constructor: 1 }, [{ constructor: { x: 1 } }]] as Json[]) {
          const body = { data: { ...template.data, [field]: value } };
          const before = await fingerprint();
          const res = await send(target, json(body));
          const e = res.body?.errors;
          // Where the field is itself an object of optional members, `{constructor: 1}` is a well-formed
          // (empty, extra-key) value: a 2xx is right there. Anywhere else it has the wrong type: 400 naming it.
          const original = template.data[field];
          const objectField = !!original && typeof original === 'object' && !Array.isArray(original) && !Array.isArray(value);
          const named = Array.isArray(e) && e.some((x: any) => x.source === `data.${field}` || String(x.source).startsWith(`data.${field}.`));
          const ok = problems(res).length === 0 && ((res.status === 400 && named) || (objectField && res.status < 300));
          if (!ok) failures.push(`${target.method.toUpperCase()} ${target.path} ${JSON.stringify(body)} → ${res.status} ${res.text.slice(0, 200)}`);
          const after = await fingerprint();
          if (res.status >= 300 && JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${target.path}: refused but wrote`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 10 * 60_000);

  it('deeply nested JSON (5,000 levels) inside data is refused or ignored, never a 500', async () => {
    const failures: string[] = [];
    for (const target of await bodyTargets()) {
      const template = target.template() as { data: Record<string, Json> };
      for (const field of ['extra', ...Object.keys(template.data).filter((k) => k !== 'type').slice(0, 1)]) {
        const text = JSON.stringify({ data: { ...template.data, [field]: '__DEEP__' } }).replace('"__DEEP__"', DEEP_OBJECT);
        const before = await fingerprint();
        const res = await send(target, raw('application/json', text, `data.${field} nested 5000 levels`));
        if (problems(res).length) failures.push(`${target.method.toUpperCase()} ${target.path} data.${field} = {"a":{"a":… 5000 levels → ${res.status} ${res.text.slice(0, 200)}`);
        if (res.status >= 300 && JSON.stringify(await fingerprint()) !== JSON.stringify(before)) failures.push(`${target.path}: refused but wrote`);
      }
    }
    expect(failures).toEqual([]);
  }, 10 * 60_000);

  // -------------------------------------------------------------------------------------------------
  // Every write route, taken from the router (a route added later is fuzzed without editing this file)

  it('null for every field of every write DTO is a 400 naming the field, or accepted where the field is nullable; never a 5xx; a refused one writes nothing', async () => {
    const routes = discoverRoutes(t).filter((r) => r.body?.dataBody);
    const fixtures = writeFixtures(t);
    const key = (r: RouteInfo) => `${r.method} ${r.path}`;
    expect(routes.filter((r) => !fixtures[key(r)] || !r.body?.dto).map(key)).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const fixture = await fixtures[key(route)]();
      const fields = dtoFields(route.body!.dto!);
      const send = (body: unknown) => (t.http as any)[route.method.toLowerCase()](fixture.path).set(fixture.auth === 'admin' ? t.admin : t.storefront).send(body) as Promise<Response>;
      const before = await fingerprint();
      for (const field of fields.filter((f) => !isNullable(f, fixture.body.data))) {
        const source = ['data', ...field.path].join('.');
        const res = await send(withValueAt(fixture.body, ['data', ...field.path], null));
        sent++;
        const named = Array.isArray(res.body?.errors) && res.body.errors.some((e: any) => e.source === source);
        if (res.status !== 400 || !named || problems(res).length) failures.push(`${key(route)} ${source}: null → ${res.status} ${res.text.slice(0, 200)}`);
      }
      if (JSON.stringify(await fingerprint()) !== JSON.stringify(before)) failures.push(`${key(route)}: a refused null wrote to the database`);
      for (const field of fields.filter((f) => isNullable(f, fixture.body.data))) {
        const res = await send(withValueAt(fixture.body, ['data', ...field.path], null));
        sent++;
        if (problems(res).length) failures.push(`${key(route)} data.${field.path.join('.')} (nullable): null → ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    process.stdout.write(`null for every field: ${sent} requests over ${routes.length} write routes\n`);
    expect(failures).toEqual([]);
  });

  it('a value of the wrong JSON type in every numeric and boolean field of every write DTO is one 400 naming the field and the type expected', async () => {
    const routes = discoverRoutes(t).filter((r) => r.body?.dataBody && r.body.dto);
    const fixtures = writeFixtures(t);
    const key = (r: RouteInfo) => `${r.method} ${r.path}`;
    const wrongValues: Record<'integer' | 'number' | 'boolean', Json[]> = {
      integer: ['100', true, [], {}],
      number: ['100', false, [1], {}],
      boolean: ['true', 1, [], {}],
    };
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const fixture = await fixtures[key(route)]();
      const send = (body: unknown) => (t.http as any)[route.method.toLowerCase()](fixture.path).set(fixture.auth === 'admin' ? t.admin : t.storefront).send(body) as Promise<Response>;
      const before = await fingerprint();
      for (const field of dtoFields(route.body!.dto!).filter((f) => f.scalarType)) {
        const source = ['data', ...field.path].join('.');
        for (const value of wrongValues[field.scalarType!]) {
          const res = await send(withValueAt(fixture.body, ['data', ...field.path], value));
          checked++;
          const own = Array.isArray(res.body?.errors) ? res.body.errors.filter((e: any) => e.source === source) : [];
          const namesType = own.length === 1 && String(own[0].detail).includes(field.scalarType!);
          if (res.status !== 400 || !namesType || problems(res).length) failures.push(`${key(route)} ${source} = ${JSON.stringify(value)} → ${res.status} ${res.text.slice(0, 300)}`);
        }
      }
      if (JSON.stringify(await fingerprint()) !== JSON.stringify(before)) failures.push(`${key(route)}: a refused wrong type wrote to the database`);
    }
    process.stdout.write(`wrong JSON types: ${checked} requests over ${routes.length} write routes\n`);
    expect(checked).toBeGreaterThanOrEqual(40);
    expect(failures).toEqual([]);
  });

  it('null for several fields at once (generated) is never a 5xx, and a 400 when one of them cannot be null', async () => {
    const fixtures = writeFixtures(t);
    const routes = discoverRoutes(t).filter((r) => r.body?.dataBody && r.body.dto && fixtures[`${r.method} ${r.path}`]);
    const prepared = await Promise.all(routes.map(async (route) => ({ route, fixture: await fixtures[`${route.method} ${route.path}`](), fields: dtoFields(route.body!.dto!) })));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prepared).chain((p) => fc.tuple(fc.constant(p), fc.subarray(p.fields, { minLength: 1 }))),
        async ([{ route, fixture }, nulled]) => {
          // Deepest first: a null object set after its fields stays null (setting a field under it would make it an object again).
          const deepestFirst = [...nulled].sort((a, b) => b.path.length - a.path.length);
          const body = deepestFirst.reduce<unknown>((b, f) => withValueAt(b, ['data', ...f.path], null), fixture.body);
          const data = (body as { data: unknown }).data;
          const res: Response = await (t.http as any)[route.method.toLowerCase()](fixture.path).set(fixture.auth === 'admin' ? t.admin : t.storefront).send(body);
          const issues = problems(res);
          // A null object above a nested field hides the field itself; the object's own refusal is what counts.
          if (nulled.some((f) => !isNullable(f, data) && !nulled.some((g) => g !== f && g.path.length < f.path.length && f.path.join('.').startsWith(g.path.join('.') + '.'))) && res.status !== 400) {
            issues.push('expected 400');
          }
          if (issues.length) throw new Error(`${route.method} ${route.path} null at ${nulled.map((f) => f.path.join('.')).join(', ')} → ${res.status} ${res.text.slice(0, 300)}\n${issues.join('; ')}`);
        },
      ),
      fcOptions(),
    );
  });

  // The body is decoded before any route or database sees it: one database proves it for both.
  (ON_POSTGRES ? it : it.skip)('compressed garbage (gzip, deflate, br) to every body route, the token endpoint included, is a 400 naming Content-Encoding', async () => {
    const routes = discoverRoutes(t).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) || r.body);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /oauth/access_token', 'POST /v2/files', 'PUT /v2/settings']));
    const decoders: Record<string, (b: Buffer) => Buffer> = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };
    const encoders: Record<string, (b: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    const template = Buffer.from(JSON.stringify({ data: { type: 'x', name: 'garbage', client_secret: TEST_CLIENT_SECRET } }));
    const garbage = (encoding: string) =>
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 600 }).map((a) => Buffer.from(a)),
        fc.nat().map((n) => {
          const whole = encoders[encoding](template);
          return whole.subarray(0, 1 + (n % (whole.length - 1)));
        }),
      );
    const check = async (route: RouteInfo, encoding: string, payload: Buffer, type: string) => {
      const res = await fetch(`${t.baseUrl}${concretePath(route.path)}`, {
        method: route.method === 'ALL' ? 'POST' : route.method,
        headers: { ...t.admin, 'Content-Type': type, 'Content-Encoding': encoding },
        body: new Uint8Array(payload),
      });
      const text = await res.text();
      const label = `${route.method} ${route.path} ${type} ${encoding} ${payload.toString('hex').slice(0, 80)} → ${res.status} ${text.slice(0, 300)}`;
      if (res.status >= 500) throw new Error(label);
      let decodes = true;
      try {
        decoders[encoding](payload);
      } catch {
        decodes = false;
      }
      const errors = JSON.parse(text).errors;
      if (!decodes && !(res.status === 400 && errors?.[0]?.source === 'Content-Encoding')) throw new Error(label);
      if (decodes && !(res.status < 500 && (res.status < 300 || Number(errors?.[0]?.status) === res.status))) throw new Error(label);
    };
    // Each route with each encoding once, then generated combinations.
    for (const route of routes) for (const encoding of Object.keys(decoders)) await check(route, encoding, Buffer.from('not compressed'), 'application/json');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('gzip', 'deflate', 'br').chain((e) => fc.tuple(fc.constant(e), garbage(e))),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
        async (route, [encoding, payload], type) => check(route, encoding, payload, type),
      ),
      fcOptions(Math.max(NUM_RUNS, routes.length * 3)),
    );
  });

  // -------------------------------------------------------------------------------------------------
  // Lists

  let lists: string[] = [];

  const FILTER_FRAGMENTS = fc.constantFrom(
    'eq(name,x)',
    'eq(name,',
    'like(name,*a*)',
    'like(name,***)',
    'in(id,a,b,c)',
    'eq(id,not-a-uuid)',
    'gt(created_at,2020-01-01)',
    'ge(created_at,not-a-date)',
    'lt(updated_at,9999-99-99)',
    'le(created_at,)',
    'eq(unknown_field,1)',
    'foo(name,x)',
    'eq(name,x):eq(slug,y)',
    Array.from({ length: 11 }, () => 'eq(name,x)').join(':'),
    Array.from({ length: 100 }, () => 'eq(name,x)').join(':'),
    'eq(name,a,b)',
    'eq((name),x)',
    'eq(name,x))',
    'eq(observes,order.created)',
    'eq(enabled,true)',
    'eq(status,live)',
    'gt(page_length,1e309)',
  );
  const valueArb = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('0', '1', '-1', '100', '101', '1.5', '1e2', '10001', '9007199254740993', '', ' 5', '5 ', '0x10', 'abc', 'NaN', 'Infinity', 'null') },
    { weight: 2, arbitrary: FILTER_FRAGMENTS },
    { weight: 2, arbitrary: fc.constantFrom('name', '-name', 'created_at', '-created_at', 'id', '--id', 'unknown', 'name,slug', 'name,', ',', '-', 'sku', 'slug', 'updated_at') },
    { weight: 2, arbitrary: fc.constantFrom('main_image', 'main_images,category,categories,files,products', 'a,b,c,d,e,f', 'x'.repeat(5000), ',,,,', 'main_image,main_image,main_image,main_image,main_image,main_image') },
    { weight: 2, arbitrary: nastyString.filter((s) => s.length < 5000) },
  );
  const keyArb = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('page[limit]', 'page[offset]', 'sort', 'filter', 'include') },
    { weight: 1, arbitrary: fc.constantFrom('page[limit][]', 'page[limit][x]', 'page', 'page[]', 'filter[]', 'sort[a]', 'include[]', 'page[offset][__proto__]', '__proto__[x]', 'page[limit', 'a'.repeat(2000)) },
    { weight: 1, arbitrary: nastyString.filter((s) => s.length < 200) },
  );
  const rawArb = fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%00', '%C0%AF', '&&&', '==', 'page[limit]=1&page[limit]=2', 'page%5Blimit%5D=0', '?');
  const queryArb = fc.oneof(
    { weight: 8, arbitrary: fc.array(fc.tuple(keyArb, valueArb), { minLength: 1, maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')) },
    { weight: 1, arbitrary: rawArb },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom('page[limit]', 'filter', 'sort', 'include'), valueArb), { minLength: 1, maxLength: 3 }).map((pairs) => pairs.map(([k, v]) => `${k}=${rawish(v)}`).join('&')) },
  );

  it('takes the lists from the router: every GET route without a path parameter that answers a page', async () => {
    const candidates = discoverRoutes(t).filter((r) => r.method === 'GET' && !r.path.includes(':') && r.path.startsWith('/v2/'));
    for (const { path } of candidates) {
      const res = await t.http.get(path).set(t.admin);
      if (res.status === 200 && res.body?.meta?.page) lists.push(path);
    }
    expect(lists).toEqual(expect.arrayContaining(['/v2/products', '/v2/categories', '/v2/integrations', '/v2/orders', '/v2/files', '/v2/accounts', '/v2/customers', '/v2/gateways']));
  });

  it('lists: generated page/sort/filter/include strings get a page or a 400, never a 5xx', async () => {
    const before = await fingerprint();
    await fc.assert(
      // Node itself answers 431 (no body) to a request head over 16 KB; stay under the usual 8 KB URL limit.
      fc.asyncProperty(fc.constantFrom(...lists), queryArb.filter((q) => q.length < 8000), async (path, query) => {
        const res = await t.http.get(`${path}?${query}`).set(t.admin);
        const issues = problems(res);
        if (res.status === 200) {
          const { meta, links } = res.body;
          if (!meta?.page || !links) issues.push('200 without meta/links');
          else if (!(Number.isInteger(meta.page.limit) && meta.page.limit >= 1 && meta.page.limit <= 100)) issues.push(`page.limit ${meta.page.limit}`);
          else if (!(Number.isInteger(meta.page.offset) && meta.page.offset >= 0)) issues.push(`page.offset ${meta.page.offset}`);
        } else if (![400, 404].includes(res.status)) issues.push(`status ${res.status} (expected 200 or 400)`);
        if (issues.length) throw new Error(`GET ${path}?${query.slice(0, 400)}\n→ ${res.status} ${res.text?.slice(0, 500)}\n${issues.join('; ')}`);
      }),
      fcOptions(NUM_RUNS * 4),
    );
    // Reads write nothing.
    expect(await fingerprint()).toEqual(before);
  });

  // The gateways list is fixed (every gateway on one page of 100): it reads no page_length.
  const FIXED_LISTS = ['/v2/gateways'];

  it('lists follow the page_length setting, for any valid and no invalid value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 1, max: 100 }), nastyNumber, nastyString.filter((s) => s.length < 100)), fc.constantFrom(...lists.filter((l) => !FIXED_LISTS.includes(l))), async (pageLength, path) => {
        const current = (await t.http.get('/v2/settings').set(t.admin)).body.data.page_length;
        const put = await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: pageLength } });
        const valid = typeof pageLength === 'number' && Number.isInteger(pageLength) && pageLength >= 1 && pageLength <= 100;
        if (valid !== (put.status === 200)) throw new Error(`PUT page_length ${JSON.stringify(pageLength)} → ${put.status} ${put.text.slice(0, 300)}`);
        if (!valid && problems(put).length) throw new Error(`PUT page_length ${JSON.stringify(pageLength)} → ${problems(put).join('; ')}`);
        const expected = valid ? pageLength : current;
        const res = await t.http.get(path).set(t.admin);
        if (res.status !== 200 || res.body.meta.page.limit !== expected) {
          throw new Error(`page_length ${expected}: GET ${path} → ${res.status} limit ${res.body?.meta?.page?.limit}`);
        }
      }),
      fcOptions(NUM_RUNS),
    );
    await t.http.delete('/v2/settings').set(t.admin);
  });
});
