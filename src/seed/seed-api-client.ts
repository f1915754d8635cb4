import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface ApiTarget {
  baseUrl: string;
  clientId?: string;
  clientSecret?: string;
  /** A client-credentials access token to use instead of the key pair (the server seeding itself). */
  accessToken?: string;
  /** Accept the server's certificate unchecked: only for a server seeding itself over loopback. */
  ownServer?: boolean;
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
export type Json = Record<string, any>;
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
export class SeedApiClient {
  private token = '';
  private readonly agent: HttpAgent;
  private readonly base: URL;

  constructor(private readonly target: ApiTarget) {
    this.base = new URL(target.baseUrl);
    const options = { keepAlive: true, maxSockets: target.concurrency ?? 6, ...(target.ownServer ? { rejectUnauthorized: false } : {}) };
    this.agent = this.base.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
  }

  close() {
    this.agent.destroy();
  }

  async authenticate(): Promise<void> {
    if (this.target.accessToken) {
      this.token = this.target.accessToken;
      return;
    }
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.target.clientId ?? '', client_secret: this.target.clientSecret ?? '' });
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
export async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
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
