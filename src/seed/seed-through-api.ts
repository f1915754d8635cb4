import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { DEMO_IMAGE_PREFIX, DEMO_SKU_PREFIX, demoCatalog, DemoProduct, SeedResult } from './demo-catalog';

export interface ApiTarget {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Requests in flight at once. */
  concurrency?: number;
}

/** An answer that is not what seeding needs, with the server's own error detail. */
export class SeedApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON document as the server sends it. */
type Json = Record<string, any>;
/** An answer, read whole. */
interface Answer {
  status: number;
  statusText: string;
  retryAfter: string | null;
  text: string;
}
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_RETRIES = 5;

/**
 * Just enough of the API for seeding: a client-credentials token, JSON calls, uploads, 429/503 retried.
 * Calls go through node:http with kept-alive connections: fetch costs several times the CPU per call, which
 * on a small machine is taken from the server being seeded.
 */
class ApiSession {
  private token = '';
  private readonly agent: HttpAgent;
  private readonly base: URL;

  constructor(private readonly target: ApiTarget) {
    this.base = new URL(target.baseUrl);
    const options = { keepAlive: true, maxSockets: target.concurrency ?? 6 };
    this.agent = this.base.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
  }

  close() {
    this.agent.destroy();
  }

  async authenticate(): Promise<void> {
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.target.clientId, client_secret: this.target.clientSecret });
    const res = await this.send('/oauth/access_token', 'POST', { 'Content-Type': 'application/x-www-form-urlencoded' }, Buffer.from(body.toString()));
    if (res.status === 401) {
      throw new SeedApiError(401, `The server at ${this.target.baseUrl} does not accept this client_id and client_secret. Use the key pair it was started with (CLIENT_ID/CLIENT_SECRET) or the one it printed when it generated it.`);
    }
    this.token = this.expect(res, 200, 'POST /oauth/access_token').access_token;
  }

  async json(method: string, path: string, data?: unknown, accept: number[] = [200, 201]): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` };
    if (data !== undefined) headers['Content-Type'] = 'application/json';
    const res = await this.send(path, method, headers, data !== undefined ? Buffer.from(JSON.stringify({ data })) : undefined);
    const body = this.expectAny(res, accept, `${method} ${path}`);
    return { status: res.status, body };
  }

  async upload(fileName: string, png: Buffer): Promise<string> {
    const form = new FormData();
    form.set('public', 'true');
    form.set('file_name', fileName);
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), fileName);
    // The multipart encoding of the form, as fetch would send it.
    const encoded = new Request(this.base, { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const res = await this.send('/v2/files', 'POST', { Authorization: `Bearer ${this.token}`, 'Content-Type': encoded.headers.get('content-type')! }, body);
    return this.expect(res, 201, 'POST /v2/files').data.id;
  }

  /** Every item of a list, page by page. */
  async all(path: string): Promise<Json[]> {
    const items: Json[] = [];
    for (let offset = 0; ; offset += 100) {
      const sep = path.includes('?') ? '&' : '?';
      const { body } = await this.json('GET', `${path}${sep}page[limit]=100&page[offset]=${offset}`);
      items.push(...body.data);
      if (body.data.length < 100) return items;
    }
  }

  private async send(path: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.call(path, method, headers, body);
      if ((res.status !== 429 && res.status !== 503) || attempt === MAX_RETRIES) return res;
      const seconds = Number(res.retryAfter);
      await new Promise((r) => setTimeout(r, Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) * 1000 : 1000 * (attempt + 1)));
    }
  }

  private call(path: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
    const url = new URL(`${this.target.baseUrl}${path}`);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = request(url, { method, agent: this.agent, headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', retryAfter: typeof retryAfter === 'string' ? retryAfter : null, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path} had no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  private expect(res: Answer, status: number, what: string): Json {
    return this.expectAny(res, [status], what);
  }

  private expectAny(res: Answer, statuses: number[], what: string): Json {
    let body: Json = {};
    try {
      body = res.text ? JSON.parse(res.text) : {};
    } catch {
      body = {};
    }
    if (!statuses.includes(res.status)) {
      const detail = body.errors?.[0]?.detail ?? (res.text.slice(0, 200) || res.statusText);
      throw new SeedApiError(res.status, `${what} answered ${res.status}: ${detail}`);
    }
    return body;
  }
}

/** Runs `work` over `items`, at most `limit` at a time; the first failure stops the rest. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Seeds the demo catalogue into a running server through its API, as any client would: the server keeps
 * its own database (and its caches and events) consistent. Categories are found by slug, images by file name
 * and products by SKU; a demo product missing its main image or categories (an interrupted run) gets them.
 */
export async function seedThroughApi(target: ApiTarget): Promise<SeedResult> {
  const api = new ApiSession(target);
  try {
    return await seedWith(api, target);
  } finally {
    api.close();
  }
}

async function seedWith(api: ApiSession, target: ApiTarget): Promise<SeedResult> {
  const started = Date.now();
  await api.authenticate();
  const { categories, products } = demoCatalog();
  const result: SeedResult = { categories: 0, products: 0, images: 0, ms: 0 };

  const categoryIds = new Map<string, string>((await api.all('/v2/categories')).map((c) => [c.slug, c.id]));
  for (const category of categories.filter((c) => !categoryIds.has(c.slug))) {
    const { body } = await api.json('POST', '/v2/categories', {
      type: 'category',
      name: category.name,
      slug: category.slug,
      description: category.description,
      status: category.status,
      background_colour: category.backgroundColour,
    });
    categoryIds.set(category.slug, body.data.id);
    result.categories++;
  }

  const imageIds = new Map<string, string>((await api.all(`/v2/files?filter=like(file_name,${DEMO_IMAGE_PREFIX}*)`)).map((f) => [f.file_name, f.id]));
  for (const { image } of categories.filter((c) => !imageIds.has(c.image.fileName))) {
    imageIds.set(image.fileName, await api.upload(image.fileName, image.png));
    result.images++;
  }

  const existing = new Map<string, Json>((await api.all(`/v2/products?filter=like(sku,${DEMO_SKU_PREFIX}*)`)).map((p) => [p.sku, p]));
  await inPool(products, target.concurrency ?? 6, async (product) => {
    let found = existing.get(product.sku);
    if (!found) {
      found = await createProduct(api, product);
      if (found.created) result.products++;
    }
    if (!found.relationships?.main_image) {
      await api.json('POST', `/v2/products/${found.id}/relationships/main-image`, { type: 'main_image', id: imageIds.get(product.imageFileName) });
    }
    const linked = new Set<string>((found.relationships?.categories?.data ?? []).map((c: Json) => c.id));
    const missing = product.categorySlugs.map((slug) => categoryIds.get(slug)!).filter((id) => !linked.has(id));
    if (missing.length) {
      await api.json('POST', `/v2/products/${found.id}/relationships/categories`, missing.map((id) => ({ type: 'category', id })));
    }
  });
  result.ms = Date.now() - started;
  return result;
}

/** Creates the product; if another seed created it meanwhile (409 on its SKU or slug), returns that one. */
async function createProduct(api: ApiSession, product: DemoProduct): Promise<Json> {
  const { status, body } = await api.json(
    'POST',
    '/v2/products',
    {
      type: 'product',
      name: product.name,
      slug: product.slug,
      sku: product.sku,
      description: product.description,
      price: product.price,
      status: product.status,
      commodity_type: product.commodityType,
      manage_stock: product.manageStock,
      ...(product.manageStock ? { stock: product.stockLevel } : {}),
    },
    [201, 409],
  );
  if (status === 201) return { ...body.data, created: true };
  const { body: found } = await api.json('GET', `/v2/products?filter=eq(sku,${encodeURIComponent(product.sku)})`);
  if (!found.data[0]) throw new SeedApiError(409, `The demo product ${product.sku} cannot be created: its slug ${product.slug} is taken by another product`);
  return found.data[0];
}
