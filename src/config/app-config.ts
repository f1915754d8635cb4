import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import * as path from 'node:path';
import { createSecureContext } from 'node:tls';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The whole runtime configuration, read once from the environment and validated at boot.
 * Nothing outside `src/config` reads `process.env`.
 */
export class AppConfig {
  port: number;
  host: string;
  database: { databaseUrl?: string; pgliteDataDir: string; poolMax: number; preparedStatements: number; migrateOnStart: boolean };
  /** The certificate chain and private key the API port serves HTTPS with (PEM); unset: plain HTTP. */
  https?: { cert: Buffer; key: Buffer };
  /** Absolute origin for `links` (no trailing slash); when unset it is derived from each request. */
  publicBaseUrl?: string;
  /** `previous`: a second key kept valid while clients move to a new one (CLIENT_ID_PREVIOUS/CLIENT_SECRET_PREVIOUS). */
  auth: { clientId?: string; clientSecret?: string; previous?: { clientId: string; clientSecret: string }; tokenTtlSeconds: number };
  logLevel: LogLevel;
  bodyLimitBytes: number;
  files: { dir: string; maxBytes: number; allowedMimeTypes: string[] };
  rateLimit: {
    limit: number;
    windowMs: number;
    /** Redis that holds the counters, shared by every replica; unset: each process counts on its own. */
    redisUrl?: string;
  };
  /** Port serving GET /metrics without a token (for a scraper inside the cluster); unset: none. */
  metricsPort?: number;
  webhooks: {
    allowedHosts: string[];
    retryScheduleSeconds: number[];
    timeoutMs: number;
    connectTimeoutMs: number;
    pollIntervalMs: number;
    retentionDays: number;
    /** After a secret_key change the previous secret signs too for this long (two signatures); 0: not at all. */
    secretOverlapHours: number;
    /** An integration whose every attempt failed for this long is disabled; 0: never. */
    autoDisableDays: number;
    /** Failed attempts in a row that open an integration's circuit breaker (per process); 0: no breaker. */
    breakerFailures: number;
    /** How long an open circuit holds an integration's deliveries before a probe. */
    breakerCooldownMs: number;
    concurrency: number;
    maxResponseBytes: number;
    /** How long the first finished attempt waits for others before their records are written together. */
    recordGatherMs: number;
  };
  stripe: { secretKey?: string; apiHost?: string; apiPort?: number; apiProtocol: 'http' | 'https' };
  /** Background work (the outbox relay, webhook delivery, retention, auto-disable, idempotency cleanup). Off in tests that drive it by hand. */
  workersEnabled: boolean;
  shutdownTimeoutMs: number;
  /** Memory for cached catalog responses (bytes of JSON); 0 turns the cache off. */
  responseCacheBytes: number;
  /** Browser origins allowed by CORS: `'*'` (any), a list of origins, or `false` (no CORS headers). */
  corsOrigins: '*' | string[] | false;
  /** Seed the demo catalogue at start (idempotent: adds only what is missing). */
  seedDemo: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

// Bearer tokens, no cookies: any origin may call the API by default, as a storefront in a browser does.
function corsOrigins(env: Env): '*' | string[] | false {
  const raw = env.CORS_ORIGINS?.trim();
  if (raw === undefined || raw === '' || raw === '*') return '*';
  if (raw.toLowerCase() === 'off') return false;
  return list(env, 'CORS_ORIGINS').map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS must be *, off or a comma-separated list of origins like https://shop.example.com, got "${origin}"`);
    }
    return parsed.origin;
  });
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Never echoes the value: a Redis URL may hold a password. */
function redisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

function allowedHost(entry: string): string {
  const [addr, bits] = entry.split('/');
  if (bits !== undefined) {
    const max = isIP(addr) === 6 ? 128 : 32;
    if (!isIP(addr) || !/^\d+$/.test(bits) || Number(bits) > max) {
      throw new ConfigError(`WEBHOOK_ALLOWED_HOSTS has an invalid CIDR "${entry}"`);
    }
  }
  return entry.toLowerCase();
}

/** The key a rotation keeps valid next to CLIENT_ID/CLIENT_SECRET: the same client_id unless CLIENT_ID_PREVIOUS is set. */
function previousKey(env: Env, clientId?: string, clientSecret?: string): AppConfig['auth']['previous'] {
  const secret = env.CLIENT_SECRET_PREVIOUS?.trim() || undefined;
  const id = env.CLIENT_ID_PREVIOUS?.trim() || undefined;
  if (secret === undefined) {
    if (id !== undefined) throw new ConfigError('CLIENT_ID_PREVIOUS needs CLIENT_SECRET_PREVIOUS (the secret of that key)');
    return undefined;
  }
  if (clientId === undefined || clientSecret === undefined) {
    throw new ConfigError('CLIENT_SECRET_PREVIOUS keeps an old key valid next to CLIENT_ID/CLIENT_SECRET, which must be set too');
  }
  if (secret.length < 16) throw new ConfigError('CLIENT_SECRET_PREVIOUS must be at least 16 characters');
  const previous = { clientId: id ?? clientId, clientSecret: secret };
  if (previous.clientId === clientId && secret === clientSecret) {
    throw new ConfigError('CLIENT_SECRET_PREVIOUS is the current key (CLIENT_ID/CLIENT_SECRET): remove it, or set it to the old secret');
  }
  return previous;
}

/** HTTPS_CERT_FILE and HTTPS_KEY_FILE, read and checked to belong together (never echoing their content). */
function httpsFiles(env: Env): AppConfig['https'] {
  const certFile = env.HTTPS_CERT_FILE?.trim() || undefined;
  const keyFile = env.HTTPS_KEY_FILE?.trim() || undefined;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new ConfigError('HTTPS_CERT_FILE and HTTPS_KEY_FILE must be set together (or both left unset to serve HTTP)');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (e) {
      throw new ConfigError(`${name} cannot be read: ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  };
  const https = { cert: read('HTTPS_CERT_FILE', certFile), key: read('HTTPS_KEY_FILE', keyFile) };
  try {
    createSecureContext(https);
  } catch (e) {
    const reason = /key values mismatch/i.test((e as Error).message) ? 'the key is not the certificate\'s' : 'they are not a PEM certificate and its unencrypted private key';
    throw new ConfigError(`HTTPS_CERT_FILE (${certFile}) and HTTPS_KEY_FILE (${keyFile}) cannot serve HTTPS: ${reason}`);
  }
  return https;
}

export function loadAppConfig(env: Env = process.env): AppConfig {
  const config = new AppConfig();
  config.port = int(env, 'PORT', 3000, 0, 65535);
  config.host = env.HOST?.trim() || '0.0.0.0';
  config.database = {
    databaseUrl: url(env, 'DATABASE_URL', ['postgresql:', 'postgres:']),
    pgliteDataDir: env.PGLITE_DATA_DIR?.trim() || path.resolve('data', 'pglite'),
    poolMax: int(env, 'DATABASE_POOL_MAX', 10, 1, 500),
    preparedStatements: int(env, 'DATABASE_PREPARED_STATEMENTS', 16, 0, 1000),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
  };
  config.https = httpsFiles(env);
  const base = url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']);
  config.publicBaseUrl = base?.replace(/\/+$/, '');
  const clientId = env.CLIENT_ID?.trim() || undefined;
  const clientSecret = env.CLIENT_SECRET?.trim() || undefined;
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new ConfigError('CLIENT_ID and CLIENT_SECRET must be set together (or both left unset to generate a key pair)');
  }
  if (clientSecret !== undefined && clientSecret.length < 16) {
    throw new ConfigError('CLIENT_SECRET must be at least 16 characters');
  }
  config.auth = { clientId, clientSecret, previous: previousKey(env, clientId, clientSecret), tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 3600, 1, 31 * 24 * 3600) };
  const level = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  config.logLevel = level;
  config.bodyLimitBytes = int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024);
  config.files = {
    dir: env.FILES_DIR?.trim() || path.resolve('data', 'files'),
    maxBytes: int(env, 'FILE_MAX_BYTES', 8 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    allowedMimeTypes: list(env, 'FILE_ALLOWED_TYPES').length
      ? list(env, 'FILE_ALLOWED_TYPES')
      : ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf', 'text/plain', 'text/csv', 'application/json', 'video/mp4'],
  };
  config.rateLimit = {
    limit: int(env, 'RATE_LIMIT', 6000, 1, 10_000_000),
    windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 3_600_000),
    redisUrl: redisUrl(env),
  };
  config.metricsPort = env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, 1, 65535) : undefined;
  if (config.metricsPort !== undefined && config.metricsPort === config.port) {
    throw new ConfigError('METRICS_PORT must differ from PORT (the API port serves /metrics with a token)');
  }
  const schedule = env.WEBHOOK_RETRY_SCHEDULE?.trim()
    ? env.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => s.trim())
    : ['0', '5', '300', '1800', '7200', '18000', '36000', '50400', '72000', '86400'];
  if (schedule.some((s) => !/^\d+(\.\d+)?$/.test(s))) {
    throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds, got "${env.WEBHOOK_RETRY_SCHEDULE}"`);
  }
  config.webhooks = {
    allowedHosts: list(env, 'WEBHOOK_ALLOWED_HOSTS').map(allowedHost),
    retryScheduleSeconds: schedule.map(Number),
    timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 1, 120_000),
    connectTimeoutMs: int(env, 'WEBHOOK_CONNECT_TIMEOUT_MS', 5_000, 1, 60_000),
    pollIntervalMs: int(env, 'WEBHOOK_POLL_INTERVAL_MS', 1_000, 1, 3_600_000),
    retentionDays: int(env, 'WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
    autoDisableDays: int(env, 'WEBHOOK_AUTO_DISABLE_DAYS', 5, 0, 365),
    breakerFailures: int(env, 'WEBHOOK_BREAKER_FAILURES', 10, 0, 1000),
    breakerCooldownMs: int(env, 'WEBHOOK_BREAKER_COOLDOWN_MS', 30_000, 1, 3_600_000),
    secretOverlapHours: int(env, 'WEBHOOK_SECRET_OVERLAP_HOURS', 24, 0, 168),
    concurrency: int(env, 'WEBHOOK_CONCURRENCY', 64, 1, 1000),
    maxResponseBytes: int(env, 'WEBHOOK_MAX_RESPONSE_BYTES', 8 * 1024, 0, 1024 * 1024),
    recordGatherMs: int(env, 'WEBHOOK_RECORD_GATHER_MS', 5, 0, 1_000),
  };
  const stripeApi = url(env, 'STRIPE_API_BASE', ['http:', 'https:']);
  const stripeUrl = stripeApi ? new URL(stripeApi) : undefined;
  config.stripe = {
    secretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
    apiHost: stripeUrl?.hostname,
    apiPort: stripeUrl ? Number(stripeUrl.port || (stripeUrl.protocol === 'http:' ? 80 : 443)) : undefined,
    apiProtocol: stripeUrl?.protocol === 'http:' ? 'http' : 'https',
  };
  config.workersEnabled = bool(env, 'WORKERS_ENABLED', true);
  config.shutdownTimeoutMs = int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000);
  config.responseCacheBytes = int(env, 'RESPONSE_CACHE_MB', 32, 0, 4096) * 1024 * 1024;
  config.corsOrigins = corsOrigins(env);
  config.seedDemo = bool(env, 'SEED_DEMO', false);
  return config;
}
