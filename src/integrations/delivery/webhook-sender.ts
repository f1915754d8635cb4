import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Agent } from 'undici';
import { AppConfig } from '../../config/app-config';
import { SsrfBlockedError, SsrfPolicy } from '../ssrf';

export type ErrorClass =
  | 'timeout_connect'
  | 'timeout_total'
  | 'dns'
  | 'connect_refused'
  | 'tls'
  | 'blocked_ssrf'
  | 'redirect'
  | 'non_2xx'
  | 'rate_limited'
  | 'gone'
  | 'network';

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** The receiver's response body, UTF-8, at most maxResponseBytes. */
  body: string;
  errorClass: ErrorClass | null;
  errorDetail: string;
  /** Seconds, from Retry-After (delta seconds or an HTTP date), when given on 429/503 (`rate_limited`: a 429, or a 503 with Retry-After). */
  retryAfterSeconds?: number;
  durationMs: number;
}

export const NON_2XX_DETAIL = 'Received a status code outside of 2xx range - treating webhook as a fail';

/**
 * One HTTP POST per attempt, through an undici Agent whose connector resolves the host itself, vets every
 * address against the SSRF policy and connects only to a vetted one (so DNS rebinding cannot sneak past
 * the registration check). Redirects are never followed; the response body is read up to a cap; connect
 * and total timeouts are enforced.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private agent?: Agent;

  constructor(
    private readonly config: AppConfig,
    @Inject(SsrfPolicy) private readonly ssrf: SsrfPolicy,
  ) {}

  /**
   * undici (about 95 modules) is loaded at the first send, not at every start: a server whose webhooks are
   * off, or that has not sent one yet, never needs it.
   */
  private undici(): typeof import('undici') {
    return require('undici');
  }

  private dispatcher(): Agent {
    if (this.agent) return this.agent;
    const { connectTimeoutMs, timeoutMs } = this.config.webhooks;
    const { Agent, buildConnector } = this.undici();
    const base = buildConnector({ timeout: connectTimeoutMs });
    const policy = this.ssrf;
    this.agent = new Agent({
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 4_000,
      connect: (opts, callback) => {
        policy
          .resolve(opts.hostname, connectTimeoutMs)
          .then((addresses) => base({ ...opts, hostname: addresses[0].address }, callback))
          .catch((err) => callback(err, null));
      },
    });
    return this.agent;
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const { timeoutMs, maxResponseBytes } = this.config.webhooks;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    // The total timeout, cleared as soon as the attempt is over: AbortSignal.timeout() would keep a timer
    // (and the signal) alive for the whole timeout after every send, thousands at a time under load.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException(`No response within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    try {
      const dispatcher = this.dispatcher();
      const { request } = this.undici();
      const res = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher,
        signal: abort.signal,
        maxRedirections: 0,
      } as Parameters<typeof import('undici').request>[1]);
      const text = await readCapped(res.body, maxResponseBytes);
      const statusCode = res.statusCode;
      const result: SendResult = { ok: statusCode >= 200 && statusCode < 300, statusCode, body: text, errorClass: null, errorDetail: '', durationMs: elapsed() };
      if (result.ok) return result;
      result.errorDetail = NON_2XX_DETAIL;
      if (statusCode >= 300 && statusCode < 400) {
        result.errorClass = 'redirect';
        result.errorDetail = `Received a redirect (${statusCode}); redirects are not followed - treating webhook as a fail`;
      } else if (statusCode === 410) {
        result.errorClass = 'gone';
        result.errorDetail = 'Received 410 Gone - the integration has been disabled';
      } else if (statusCode === 429 || (statusCode === 503 && res.headers['retry-after'] !== undefined)) {
        result.errorClass = 'rate_limited';
        result.retryAfterSeconds = parseRetryAfter(res.headers['retry-after']);
      } else {
        result.errorClass = 'non_2xx';
      }
      return result;
    } catch (err) {
      const { errorClass, errorDetail } = classify(err, timeoutMs);
      return { ok: false, statusCode: null, body: '', errorClass, errorDetail, durationMs: elapsed() };
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown() {
    await this.agent?.close().catch(() => undefined);
  }
}

async function readCapped(stream: AsyncIterable<Buffer> & { destroy?: () => void }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    if (size < max) chunks.push(chunk.subarray(0, max - size));
    size += chunk.length;
    if (size >= max) {
      stream.destroy?.();
      break;
    }
  }
  // Trim a UTF-8 sequence cut in half at the cap.
  return Buffer.concat(chunks).toString('utf8').replace(/\uFFFD+$/, '');
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function chain(err: unknown): Array<{ code?: string; name?: string; message?: string }> {
  const out: Array<{ code?: string; name?: string; message?: string }> = [];
  let cur: any = err;
  for (let i = 0; cur && i < 6; i++, cur = cur.cause) out.push(cur);
  return out;
}

function classify(err: unknown, timeoutMs: number): { errorClass: ErrorClass; errorDetail: string } {
  const errors = chain(err);
  const has = (pred: (e: { code?: string; name?: string }) => boolean) => errors.some(pred);
  if (errors.some((e) => e instanceof SsrfBlockedError || e.code === 'ERR_WEBHOOK_SSRF')) {
    // Internal addresses are not echoed back to the customer.
    return { errorClass: 'blocked_ssrf', errorDetail: 'The webhook URL resolves to an address that is not allowed (private, loopback or reserved)' };
  }
  if (has((e) => e.code === 'UND_ERR_CONNECT_TIMEOUT')) return { errorClass: 'timeout_connect', errorDetail: 'Timed out connecting to the webhook URL' };
  if (has((e) => e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT')) {
    return { errorClass: 'timeout_total', errorDetail: `No complete response within ${timeoutMs} ms - treating webhook as a fail` };
  }
  if (has((e) => e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' || e.code === 'ETIMEOUT')) {
    return { errorClass: 'dns', errorDetail: 'The webhook host name could not be resolved' };
  }
  if (has((e) => e.code === 'ECONNREFUSED')) return { errorClass: 'connect_refused', errorDetail: 'The connection was refused' };
  if (has((e) => typeof e.code === 'string' && (e.code.startsWith('ERR_TLS') || e.code.includes('CERT') || e.code.startsWith('ERR_SSL')))) {
    return { errorClass: 'tls', errorDetail: 'The TLS handshake failed' };
  }
  const first = errors[errors.length - 1] ?? {};
  return { errorClass: 'network', errorDetail: `Network error${first.code ? ` (${first.code})` : ''}` };
}
