import type { INestApplication } from '@nestjs/common';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { RouteFamilies } from '../../src/common/errors/route-families';
import { buildOpenApiDocument } from '../../src/common/openapi/openapi-document';

/**
 * Checks every JSON response the test app sends — to supertest, to the SDKs, to plain fetches — against the
 * schema its operation declares in the OpenAPI document (by status, else `default`). A mismatch is kept and
 * reported when the app closes, so the test file that caused it fails with the list.
 */

interface Matcher {
  method: string;
  path: string;
  pattern: RegExp;
  /** Fewer path parameters win: `/v2/categories/tree` before `/v2/categories/{id}`. */
  params: number;
}

interface Contract {
  document: OpenAPIObject;
  matchers: Matcher[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction | null>;
}

let contract: Contract | undefined;

/**
 * What one Jest worker keeps from one test file to the next (test/support/e2e-environment.js). The contract of the
 * application as AppModule alone makes it is the same for every file of a run; building it (the document and its
 * validators) cost about a second per file, so a worker builds it once.
 */
const workerMemo = (globalThis as { __e2eWorkerMemo?: Map<string, unknown> }).__e2eWorkerMemo;
const APP_MODULE_CONTRACT = 'openapi-contract:AppModule';

function contractFor(app: INestApplication, shared: boolean): Contract {
  if (contract) return contract;
  if (shared && workerMemo?.has(APP_MODULE_CONTRACT)) return (contract = workerMemo.get(APP_MODULE_CONTRACT) as Contract);
  const document = buildOpenApiDocument(app);
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components });
  const matchers: Matcher[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    for (const method of Object.keys(item)) matchers.push({ method: method.toUpperCase(), path, pattern, params: (path.match(/\{/g) ?? []).length });
  }
  matchers.sort((a, b) => a.params - b.params);
  contract = { document, matchers, ajv, validators: new Map() };
  if (shared) workerMemo?.set(APP_MODULE_CONTRACT, contract);
  return contract;
}

/** The response schema of the operation for this status (or its `default`), `$ref`s pointed into the document. */
function validatorFor(c: Contract, method: string, path: string, status: number): ValidateFunction | null | 'undocumented' {
  const operation = (c.document.paths[path] as Record<string, { responses: Record<string, any> }>)[method.toLowerCase()];
  const key = String(status) in operation.responses ? String(status) : 'default';
  let response = operation.responses[key];
  if (!response) return 'undocumented';
  const id = `${method} ${path} ${key}`;
  if (c.validators.has(id)) return c.validators.get(id)!;
  if (response.$ref) response = (c.document.components!.responses as Record<string, any>)[response.$ref.split('/').pop()];
  const schema = response.content?.['application/json']?.schema;
  const validate = schema ? c.ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'))) : null;
  c.validators.set(id, validate);
  return validate;
}

export interface ResponseCheck {
  /** Responses checked against a schema so far. */
  checked: number;
  /** One line per response that did not match its schema. */
  problems: string[];
}

/**
 * Installs the check as the app's first middleware; call before configureApp. `appModuleOnly`: the app is AppModule
 * and nothing beside it, so its contract is the one every such app of the run has.
 */
export function checkResponsesAgainstOpenApi(app: INestApplication, appModuleOnly: boolean): ResponseCheck {
  const check: ResponseCheck = { checked: 0, problems: [] };
  app.use((req: Request, res: Response, next: NextFunction) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response['end'];
    res.once('finish', () => {
      const problem = inspect(app, appModuleOnly, req, res, Buffer.concat(chunks), check);
      if (problem) check.problems.push(problem);
    });
    next();
  });
  return check;
}

function inspect(app: INestApplication, appModuleOnly: boolean, req: Request, res: Response, body: Buffer, check: ResponseCheck): string | undefined {
  const path = req.originalUrl.split('?')[0];
  if (req.method === 'HEAD' || req.method === 'OPTIONS' || path.startsWith('/docs')) return undefined;
  const c = contractFor(app, appModuleOnly);
  const matcher = c.matchers.find((m) => m.method === req.method && m.pattern.test(path));
  const where = `${req.method} ${req.originalUrl} → ${res.statusCode}`;
  const json = /^application\/(.+\+)?json/.test(String(res.getHeader('content-type') ?? ''));
  if (!matcher) {
    // An unknown route or method still answers with the error document.
    if (res.statusCode >= 400 && json) {
      const document = RouteFamilies.forApp(app).familyOf(path).errorStatus === 'string' ? 'StringStatusErrorDocument' : 'ErrorDocument';
      return mismatch(where, c.ajv.getSchema(`openapi#/components/schemas/${document}`)!, body);
    }
    return undefined;
  }
  const validate = validatorFor(c, matcher.method, matcher.path, res.statusCode);
  if (validate === 'undocumented') return `${where}: status not documented for ${matcher.method} ${matcher.path}`;
  if (res.statusCode === 204 || res.statusCode === 304) return body.length ? `${where}: a body on a ${res.statusCode}` : undefined;
  if (!validate) return undefined;
  if (!json) return `${where}: not JSON (${String(res.getHeader('content-type'))})`;
  check.checked++;
  return mismatch(where, validate, body);
}

function mismatch(where: string, validate: ValidateFunction, body: Buffer): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return `${where}: the body is not valid JSON`;
  }
  if (validate(parsed)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return `${where}: ${errors.join('; ')} — body ${body.toString('utf8').slice(0, 300)}`;
}
