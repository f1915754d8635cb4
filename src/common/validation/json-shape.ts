import { BadRequestError } from '../errors/api-error';

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deeper than any body of this API needs; deeper input would only exhaust the validators' recursion. */
export const MAX_BODY_DEPTH = 32;

/** Keys that class-transformer and plain-object code treat as an object's prototype machinery. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses, before any recursive transformation runs, JSON that is nested too deeply, that carries
 * prototype keys, or that has a NUL character in a string or key (PostgreSQL text cannot hold one, so
 * the database would refuse it later without naming the field). Iterative, so a hostile depth cannot
 * overflow the stack here either.
 */
export function assertSafeJson(value: unknown, rootPath: string): void {
  const stack: { node: unknown; path: string; depth: number }[] = [{ node: value, path: rootPath, depth: 0 }];
  while (stack.length) {
    const { node, path, depth } = stack.pop()!;
    if (typeof node === 'string') assertNoNul(node, path);
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      throw new BadRequestError(`${path} is nested more than ${MAX_BODY_DEPTH} levels deep`, path);
    }
    for (const key of Object.keys(node)) {
      const childPath = `${path}.${key}`;
      if (FORBIDDEN_KEYS.has(key)) throw new BadRequestError(`${childPath}: the key "${key}" is not allowed`, childPath);
      if (key.includes('\u0000')) throw new BadRequestError(`${path}: a key contains a NUL character`, path);
      stack.push({ node: (node as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
}

/** A NUL character (U+0000) in `value` is a 400 naming `source`: no text column can store it. */
export function assertNoNul(value: string, source: string): void {
  if (value.includes('\u0000')) throw new BadRequestError(`${source} must not contain a NUL character (U+0000)`, source);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces unpaired UTF-16 surrogates in every string of a parsed body with U+FFFD, in place. JSON may
 * escape them (`"\udfff"`), but they are not text: validators that encode strings throw on them (`isEmail`
 * calls encodeURI: a 500), and the database would store U+FFFD anyway. Iterative, like assertSafeJson.
 */
export function replaceLoneSurrogates(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child !== 'string') stack.push(child);
      else if (child.length) record[key] = child.replace(LONE_SURROGATE, '\uFFFD');
    }
  }
}
