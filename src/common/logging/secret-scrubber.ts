/**
 * The last line of defence for secrets in logs, applied to every log line as written. Field-path redaction
 * (pino `redact`) covers structured fields, but error messages carry arguments as text: Prisma puts a
 * failing call's whole invocation, `secretKey: "…"` included, into `err.message`. So each written line is
 * also scrubbed of (1) every value registered as a secret and (2) anything written as `<secret field>: value`
 * or `"<secret field>":"value"`, a bearer token, or the password of a URL.
 */

/** Field names whose values are secrets, in the spellings the code, the database and the wire use. */
export const SECRET_FIELDS = [
  'previousSigningSecret',
  'previous_signing_secret',
  'signingSecret',
  'signing_secret',
  'secretKey',
  'secret_key',
  'clientSecret',
  'client_secret',
  'secretHash',
  'secret_hash',
  'tokenHash',
  'token_hash',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'authorization',
  'Authorization',
  'password',
];

export const REDACTED = '[redacted]';

/** Secrets shorter than this are not scrubbed by value: they would blank out ordinary words. */
const MIN_SECRET_LENGTH = 8;
/** Bound on remembered values (webhook secrets are remembered as integrations are written and read). */
const MAX_KNOWN_SECRETS = 1_000;

const knownSecrets = new Set<string>();
/** One alternation of every known secret, rebuilt when the set changes (one pass per line, however many). */
let knownPattern: RegExp | null = null;

/** Registers values that must never appear in a log line, whatever field or message carries them. */
export function rememberSecrets(...values: (string | null | undefined)[]): void {
  for (const value of values) {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || knownSecrets.has(value)) continue;
    if (knownSecrets.size >= MAX_KNOWN_SECRETS) knownSecrets.delete(knownSecrets.values().next().value as string);
    knownSecrets.add(value);
    // As it appears inside a JSON string (a secret holding quotes or backslashes is escaped there).
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) knownSecrets.add(escaped);
    knownPattern = null;
  }
}

function knownSecretsPattern(): RegExp | null {
  if (knownPattern || knownSecrets.size === 0) return knownPattern;
  const longestFirst = [...knownSecrets].sort((a, b) => b.length - a.length);
  knownPattern = new RegExp(longestFirst.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return knownPattern;
}

/** The password part of a connection URL (`postgresql://user:password@host/db`), if any. */
export function urlPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

const FIELD_VALUE = new RegExp(
  // field name, then its separator as JSON (`":`), text (`: ` / `=`), or escaped text inside a JSON string,
  // then a quoted value (escaped-quoted inside JSON, or plain) or a bare token.
  `\\b(${SECRET_FIELDS.join('|')})(\\\\?"?\\s*[:=]\\s*)(\\\\"(?:[^"\\\\]|\\\\[^"])*\\\\"|"(?:[^"\\\\]|\\\\.)*"|'[^']*'|[^\\s,;}\\]\\\\"']+)`,
  'g',
);
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"\\]*:)[^\s@/"\\]+@/gi;

/** `text` with every secret it holds replaced by `[redacted]`. */
export function scrubSecrets(text: string): string {
  let out = text.replace(BEARER, `$1 ${REDACTED}`);
  out = out.replace(FIELD_VALUE, (_m, field: string, sep: string, value: string) => {
    // `Authorization: Bearer …` is already scrubbed by BEARER; a null or redacted value stays as it is.
    if (/^(null|Bearer|Basic|\\?"\[redacted\]\\?")$/.test(value)) return `${field}${sep}${value}`;
    const quote = value.startsWith('\\"') ? '\\"' : value.startsWith('"') ? '"' : value.startsWith("'") ? "'" : '';
    return `${field}${sep}${quote}${REDACTED}${quote}`;
  });
  out = out.replace(URL_PASSWORD, `$1${REDACTED}@`);
  const known = knownSecretsPattern();
  return known ? out.replace(known, REDACTED) : out;
}
