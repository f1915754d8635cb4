import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { derivedRequestOf, requestBodySchemaOf } from '../../src/common/openapi/api-operation.decorators';
import { ApiError } from '../../src/common/errors/api-error';
import { discoverRoutes, RouteInfo } from '../support/app-routes';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The request schema the OpenAPI document serves for a route whose schema is derived from its DTO (a
 * `@DataBody()` or `@DataListBody()` route that declares no `body`) says exactly what the route's validator accepts.
 * For every such write route found from the router, bodies are generated from the served schema — the required
 * members only (for each set of members one of which is required), every member, each limit at and just past its
 * bound, other types, `null`, a member left out, each shape of a body that takes several (`oneOf`/`anyOf`) and each
 * element shape of a list — and each is accepted by the validator (the route's own pipe and DTOs) if and only if
 * the schema accepts it.
 */

type Schema = Record<string, any>;
type Path = (string | number)[];

interface Body {
  label: string;
  data: unknown;
}

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The shapes of a schema that takes several (`oneOf`/`anyOf` with no type of its own), flattened; else the schema itself. */
function shapesOf(schema: Schema): Schema[] {
  const union = schema.type === undefined ? (schema.oneOf ?? schema.anyOf) : undefined;
  return Array.isArray(union) ? union.flatMap((s: Schema) => shapesOf(s)) : [schema];
}

/**
 * The sets of members an object requires beside `required`, one set chosen from each `anyOf` condition (members
 * required unless another is given): `choice` picks the alternative of each.
 */
function conditions(schema: Schema): Schema[][] {
  const all: Schema[] = [...(schema.allOf ?? []), ...(schema.type === 'object' && schema.anyOf ? [{ anyOf: schema.anyOf }] : [])];
  return all.filter((c) => Array.isArray(c.anyOf)).map((c) => c.anyOf);
}

function typeOf(schema: Schema): string | undefined {
  const types = ([] as string[]).concat(schema.type ?? []).filter((t) => t !== 'null');
  return types[0] ?? (Array.isArray(schema.enum) ? typeof schema.enum.find((v: unknown) => v !== null) : undefined);
}

function text(length: number): string {
  return 'a'.repeat(Math.max(0, length));
}

/** A value the schema accepts (an `example` where a pattern says what text is valid). */
function sample(schema: Schema, where: string, all: boolean): unknown {
  const shapes = shapesOf(schema);
  if (shapes.length > 1 || shapes[0] !== schema) return sample(shapes[0], where, all);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.pattern || schema.format) {
        if (typeof schema.example !== 'string') throw new Error(`${where}: a member with a pattern or format needs an example (@ApiProperty({ example }))`);
        return schema.example;
      }
      return text(Math.min(Math.max(schema.minLength ?? 1, 1), schema.maxLength ?? Infinity));
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 0, 0), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items ?? {}, `${where}[]`, all));
    case 'object':
      return objectSample(schema, where, all);
    default:
      throw new Error(`${where}: no sample for ${JSON.stringify(schema)}`);
  }
}

function objectSample(schema: Schema, where: string, all: boolean, choice = 0): Record<string, unknown> {
  const chosen = conditions(schema).flatMap((alternatives) => (alternatives[Math.min(choice, alternatives.length - 1)].required ?? []) as string[]);
  const required: string[] = [...(schema.required ?? []), ...chosen];
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries<Schema>(schema.properties ?? {})) {
    if (all || required.includes(key)) out[key] = sample(member, `${where}.${key}`, all);
  }
  return out;
}

/** Values at and past each bound the member's schema states, of other types, and null. */
function variants(schema: Schema, where: string): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [{ label: 'null', value: null }];
  const type = typeOf(schema);
  out.push({ label: 'another type', value: type === 'string' ? 12345 : 'text' });
  if ('const' in schema) out.push({ label: 'another value', value: `${String(schema.const)}x` });
  if (Array.isArray(schema.enum)) {
    for (const v of schema.enum) out.push({ label: `allowed ${JSON.stringify(v)}`, value: v });
    out.push({ label: 'a value not allowed', value: `${String(schema.enum.find((v: unknown) => v !== null))}x` });
  }
  if (type === 'string') {
    if (schema.minLength !== undefined) out.push({ label: `minLength ${schema.minLength}`, value: text(schema.minLength) }, { label: `minLength ${schema.minLength} − 1`, value: text(schema.minLength - 1) });
    if (schema.maxLength !== undefined) out.push({ label: `maxLength ${schema.maxLength}`, value: text(schema.maxLength) }, { label: `maxLength ${schema.maxLength} + 1`, value: text(schema.maxLength + 1) });
    if (schema.pattern || schema.format) out.push({ label: 'the example', value: schema.example }, { label: 'the example and more', value: `${schema.example}x` }, { label: 'the example cut short', value: String(schema.example).slice(0, -1 - Math.floor(String(schema.example).length / 2)) }, { label: 'empty', value: '' });
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) out.push({ label: `minimum ${schema.minimum}`, value: schema.minimum }, { label: `minimum ${schema.minimum} − 1`, value: schema.minimum - 1 });
    if (schema.maximum !== undefined) out.push({ label: `maximum ${schema.maximum}`, value: schema.maximum }, { label: `maximum ${schema.maximum} + 1`, value: schema.maximum + 1 });
    out.push({ label: 'a fraction', value: (schema.minimum ?? 0) + 0.5 }, { label: 'a numeric string', value: String(schema.minimum ?? 1) });
  }
  if (type === 'boolean') out.push({ label: 'false', value: false }, { label: 'the string "true"', value: 'true' });
  if (type === 'array') {
    const item = sample(schema.items ?? {}, `${where}[]`, true);
    const items = (n: number) => Array.from({ length: Math.max(n, 0) }, () => structuredClone(item));
    out.push({ label: 'empty array', value: [] });
    if (schema.minItems !== undefined) out.push({ label: `minItems ${schema.minItems}`, value: items(schema.minItems) }, { label: `minItems ${schema.minItems} − 1`, value: items(schema.minItems - 1) });
    if (schema.maxItems !== undefined) out.push({ label: `maxItems ${schema.maxItems}`, value: items(schema.maxItems) }, { label: `maxItems ${schema.maxItems} + 1`, value: items(schema.maxItems + 1) });
  }
  if (type === 'object') out.push({ label: 'empty object', value: {} }, { label: 'an array', value: [] });
  return out;
}

/** Every member of an object schema, nested objects and array items (at index 0) included. */
function members(schema: Schema, path: Path = []): { path: Path; schema: Schema }[] {
  const out: { path: Path; schema: Schema }[] = [];
  for (const [key, member] of Object.entries<Schema>(schema.properties ?? {})) {
    out.push({ path: [...path, key], schema: member });
    if (typeOf(member) === 'object') out.push(...members(member, [...path, key]));
    if (typeOf(member) === 'array' && member.items && typeOf(member.items) === 'object') {
      out.push({ path: [...path, key, 0], schema: member.items }, ...members(member.items, [...path, key, 0]));
    }
  }
  return out;
}

function withValue(data: unknown, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(data) as any;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  if (remove) delete node[path[path.length - 1]];
  else node[path[path.length - 1]] = value;
  return copy;
}

/**
 * The bodies of one route: for each shape of `data`, the two samples, then every variant of every member set in the
 * full one, and each member left out; a list's variants, and each of its element shapes as a list of one.
 */
function bodiesOf(data: Schema, where: string): Body[] {
  const shapes = shapesOf(data);
  if (shapes.length > 1) {
    return [
      ...variants(data, where).map(({ label, value }) => ({ label: `data: ${label}`, data: value })),
      { label: 'data: empty object', data: {} },
      ...shapes.flatMap((shape, index) => bodiesOf(shape, `${where} (shape ${index + 1})`).map((b) => ({ ...b, label: `shape ${index + 1}: ${b.label}` }))),
    ];
  }
  if (typeOf(data) === 'array') {
    const list: Body[] = [{ label: 'one element', data: sample(data, where, false) }, ...variants(data, where).map(({ label, value }) => ({ label: `data: ${label}`, data: value }))];
    return [
      ...list,
      ...shapesOf(data.items ?? {}).flatMap((shape, index) => bodiesOf(shape, `${where}[] (element shape ${index + 1})`).map((b) => ({ label: `[element shape ${index + 1}: ${b.label}]`, data: [b.data] }))),
    ];
  }
  const full = objectSample(data, where, true);
  const bodies: Body[] = [
    { label: 'required members only', data: objectSample(data, where, false) },
    { label: 'every member', data: full },
    { label: 'a member the DTO does not declare (dropped)', data: { ...full, not_a_member: 1 } },
  ];
  // Each other choice of the members one of which is required.
  const choices = Math.max(0, ...conditions(data).map((alternatives) => alternatives.length));
  for (let choice = 1; choice < choices; choice++) bodies.push({ label: `required members only (choice ${choice + 1})`, data: objectSample(data, where, false, choice) });
  for (const member of members(data)) {
    const name = member.path.join('.');
    bodies.push({ label: `${name} left out`, data: withValue(full, member.path, undefined, true) });
    for (const { label, value } of variants(member.schema, `${where}.${name}`)) bodies.push({ label: `${name}: ${label}`, data: withValue(full, member.path, value) });
  }
  return bodies;
}

async function accepts(route: RouteInfo, data: unknown): Promise<boolean | string> {
  const declared = derivedRequestOf(route.handlerFn)!;
  try {
    await declared.pipe.transform({ data }, { type: 'body', metatype: declared.dto as never });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return false;
    return `${(err as Error).message}`;
  }
}

/**
 * The write routes that take a body whose request schema is not derived from a DTO, each with why. Every other
 * write route with a body must be derived; a route listed here that has become derived, or is no longer served,
 * fails the test, so the list only shrinks.
 */
const NOT_DERIVED: Record<string, string> = {
  // Derived from its DTO (PaymentRequest), but validated by PaymentBodyPipe against the gateways registered at
  // start, which the schema names in words only: the validator refuses names the schema cannot know of.
  'POST /v2/orders/:orderId/payments': 'a payment',
  // A form-encoded or JSON grant whose members depend on its grant_type; no DTO class states it.
  'POST /oauth/access_token': 'an access token grant',
  // `data` as an array of identifiers or one identifier, whose `type` depends on the path's relation (categories,
  // files, main-image): a schema of the route cannot state which.
  'POST /v2/products/:id/relationships/:relation': 'product relationships',
  'PUT /v2/products/:id/relationships/:relation': 'product relationships',
  'DELETE /v2/products/:id/relationships/:relation': 'product relationships',
};

describe('derived request schemas state what the validators accept', () => {
  let t: TestApp;
  let document: any;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http.get('/docs-json').expect(200)).body;
    routes = discoverRoutes(t).filter((r) => WRITES.includes(r.method) && derivedRequestOf(r.handlerFn));
  });
  afterAll(async () => {
    await t?.close();
  });

  const operationOf = (route: RouteInfo) => document.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];

  it('covers every write route that takes a body, but those listed as not derived yet', () => {
    const withBody = discoverRoutes(t).filter((r) => WRITES.includes(r.method) && r.body);
    const derived = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const notDerived = withBody.map((r) => `${r.method} ${r.path}`).filter((route) => !derived.has(route));
    expect(notDerived.sort()).toEqual(Object.keys(NOT_DERIVED).sort());
    // A module's own routes: under /v2/<module>, and not under a longer module of the list.
    const modules = ['products', 'categories', 'customers', 'accounts', 'carts', 'orders', 'orders/:orderId/transactions', 'gateways', 'integrations', 'settings', 'currencies'];
    const under = (path: string, module: string) => path === `/v2/${module}` || path.startsWith(`/v2/${module}/`);
    for (const module of modules) {
      const own = [...derived].map((route) => route.split(' ')[1]).filter((path) => under(path, module) && !modules.some((m) => m.length > module.length && m.startsWith(module) && under(path, m)));
      expect([module, own.length > 0]).toEqual([module, true]);
    }
  });

  it('covers the write routes on the mechanism (products among them), each serving the schema derived from its DTO', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /v2/products', 'PUT /v2/products/:id']));
    for (const route of routes) {
      const declared = derivedRequestOf(route.handlerFn)!;
      const operation = operationOf(route);
      expect(operation.requestBody).toEqual({ required: !declared.optional, content: { 'application/json': { schema: { $ref: `#/components/schemas/${declared.schemaName}` } } } });
      expect(document.components.schemas[declared.schemaName]).toEqual(requestBodySchemaOf(declared));
    }
  });

  it('accepts exactly the bodies the served schema accepts, and refuses the others', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    const disagreements: string[] = [];
    let accepted = 0;
    let refused = 0;
    for (const route of routes) {
      const name = derivedRequestOf(route.handlerFn)!.schemaName;
      const data: Schema = document.components.schemas[name].properties.data;
      const schemaAccepts = ajv.compile(data);
      const bodies = bodiesOf(data, `${route.method} ${route.path}`);
      // The samples of every shape are valid bodies.
      const samples = bodies.filter((body) => /(required members only( \(choice \d+\))?|every member|one element)\]*$/.test(body.label));
      expect(samples.length).toBeGreaterThanOrEqual(2);
      for (const body of samples) expect([route.path, body.label, schemaAccepts(body.data)]).toEqual([route.path, body.label, true]);
      for (const body of bodies) {
        const expected = schemaAccepts(body.data);
        const actual = await accepts(route, body.data);
        if (actual === expected) expected ? accepted++ : refused++;
        else disagreements.push(`${route.method} ${route.path} ${body.label}: the schema ${expected ? 'accepts' : 'refuses'} it, the validator ${actual === true ? 'accepts' : actual === false ? 'refuses' : `fails (${actual})`} — ${JSON.stringify(body.data).slice(0, 200)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // Both answers are exercised on every run.
    expect(accepted).toBeGreaterThan(10 * routes.length);
    expect(refused).toBeGreaterThan(10 * routes.length);
  });
});
