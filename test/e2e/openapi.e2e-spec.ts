import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTS_SPEC } from '../../src/catalog/products/products.repository';
import { ORDERS_SPEC } from '../../src/orders/orders.repository';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The OpenAPI document: valid OpenAPI 3.1, complete on every operation, written by `npm run openapi`, and typed by a generated client. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let document: any;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http.get('/docs-json').expect(200)).body;
    dir = mkdtempSync(join(tmpdir(), 'commerce-api-openapi-'));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const operations = () =>
    Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, operation })),
    );

  it('is a valid OpenAPI document (swagger-parser)', () => {
    const file = join(dir, 'served.json');
    writeFileSync(file, JSON.stringify(document));
    // In a child process: swagger-parser loads ES modules, which Jest's module system cannot require.
    const script = "require('@apidevtools/swagger-parser').validate(process.argv[1]).then(() => console.log('valid'), (e) => { console.log(e.message); process.exit(1); })";
    const out = execFileSync(process.execPath, ['-e', script, file], { cwd: ROOT, encoding: 'utf8' });
    expect(out.trim()).toBe('valid');
    expect(document.openapi).toBe('3.1.0');
  });

  it('gives every operation a summary, a tag, a success response with its schema, and the error document', () => {
    const incomplete: string[] = [];
    for (const { name, path, operation } of operations()) {
      const success = Object.entries(operation.responses as Record<string, any>).filter(([status]) => /^2/.test(status));
      if (!operation.summary) incomplete.push(`${name}: no summary`);
      if (!operation.tags?.length) incomplete.push(`${name}: no tag`);
      if (success.length === 0) incomplete.push(`${name}: no success response`);
      for (const [status, response] of success) {
        if (status !== '204' && !Object.values(response.content ?? {}).some((c: any) => c.schema)) incomplete.push(`${name}: ${status} has no schema`);
      }
      if (!/^#\/components\/responses\/(StringStatus)?Error$/.test(operation.responses.default?.$ref ?? '')) incomplete.push(`${name}: no error response`);
      if (path.includes('{') && !operation.responses['404']) incomplete.push(`${name}: no 404`);
    }
    expect(incomplete).toEqual([]);
    expect(operations().length).toBeGreaterThanOrEqual(70);
  });

  it('documents page, sort, filter (every field and operator of the list spec) and include on a list', () => {
    const list = document.paths['/v2/products'].get;
    const names = list.parameters.map((p: any) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page[limit]', 'page[offset]', 'sort', 'filter', 'include']));
    const filterable = Object.entries(PRODUCTS_SPEC.fields).filter(([, f]) => f.ops?.length);
    expect(Object.keys(list['x-filter-fields'])).toEqual(filterable.map(([name]) => name));
    for (const [field, spec] of filterable) expect(list['x-filter-fields'][field].operators).toEqual(spec.ops);
    const sort = list.parameters.find((p: any) => p.name === 'sort');
    expect(sort.schema.enum).toEqual(expect.arrayContaining(['name', '-created_at']));
    expect(list.parameters.find((p: any) => p.name === 'include').description).toContain('main_image');
    expect(Object.keys(document.paths['/v2/orders'].get['x-filter-fields'])).toEqual(Object.entries(ORDERS_SPEC.fields).filter(([, f]) => f.ops?.length).map(([n]) => n));
    // A sub-collection pages, and takes no filter.
    expect(document.paths['/v2/orders/{id}/items'].get.parameters.map((p: any) => p.name)).not.toContain('filter');
  });

  it('closes the resource schemas and declares client credentials against the token endpoint', () => {
    const product = document.components.schemas.Product;
    expect(product.additionalProperties).toBe(false);
    expect(product.required).toEqual(expect.arrayContaining(['id', 'type', 'name', 'price', 'meta']));
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/oauth/access_token');
    expect(document.components.securitySchemes.bearer.scheme).toBe('bearer');
    expect(document.paths['/oauth/access_token'].post.security).toEqual([]);
    expect(document.paths['/v2/products'].post.security).toEqual([{ oauth2: [] }, { bearer: [] }]);
  });

  it('checks the responses the tests receive, through supertest and through the SDK, against the document', async () => {
    const before = t.responseCheck.checked;
    await t.http.get('/v2/products?page[limit]=1').set(t.admin).expect(200);
    await t.http.get('/v2/products/00000000-0000-4000-8000-000000000000').set(t.admin).expect(404);
    await sdkFor(t).Products.All();
    expect(t.responseCheck.checked - before).toBeGreaterThanOrEqual(3);
    expect(t.responseCheck.problems).toEqual([]);
  });

  it('npm run openapi writes the same document to a file', () => {
    const file = join(dir, 'openapi.json');
    execFileSync(process.execPath, [join(ROOT, 'node_modules/ts-node/dist/bin.js'), '--transpile-only', join(ROOT, 'src/openapi.ts'), file], { cwd: ROOT, stdio: 'pipe' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(document);
  });

  it('generates a typed client (openapi-typescript) that a small example type-checks against', () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    execFileSync(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), file, '--output', join(dir, 'api.d.ts')], { stdio: 'pipe' });
    writeFileSync(
      join(dir, 'example.ts'),
      [
        "import type { components, paths } from './api';",
        "type ProductList = paths['/v2/products']['get']['responses']['200']['content']['application/json'];",
        "type Query = NonNullable<paths['/v2/products']['get']['parameters']['query']>;",
        "const query: Query = { 'page[limit]': 10, sort: '-created_at', filter: 'eq(status,live)', include: 'main_image' };",
        'export function names(list: ProductList): string[] {',
        '  const next: string | null = list.links.next;',
        '  const total: number = list.meta.results.total;',
        "  return list.data.map((p) => `${p.name} ${p.price[0]?.amount ?? 0} ${next ?? ''} ${total} ${query.sort}`);",
        '}',
        "export const error: components['schemas']['ErrorDocument'] = { errors: [{ status: 404, title: 'Product not found', detail: 'No such product' }] };",
        '// @ts-expect-error: a product has no member `colour`',
        "export const wrong = (p: components['schemas']['Product']) => p.colour;",
        '',
      ].join('\n'),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules/@types'), join(dir, 'example.ts')], { stdio: 'pipe' });
  });
});
