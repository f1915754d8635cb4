import { BadRequestError } from '../common/errors/api-error';
import { Prisma } from '../generated/prisma/client';
import { JsonSchema, nullable, string } from '../common/openapi/json-schema';
import { col, jsonColumn, when, type WireMember } from '../common/wire/wire-format';

/** Elastic Path: custom attributes are string keys with string (or null) values, up to 100 keys. */
export const MAX_CUSTOM_ATTRIBUTES = 100;

export const customAttributesSchema: JsonSchema = { type: 'object', additionalProperties: nullable(string()), maxProperties: MAX_CUSTOM_ATTRIBUTES };
export const localesSchema: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'object', additionalProperties: false, properties: { name: string(), description: string() } },
};

/** A JSON column shown when it holds something, left out when NULL. */
export function optionalJson<Row, Ctx, K extends string>(key: K, column: string, pick: (row: Row) => unknown, schema: JsonSchema): WireMember<Row, Ctx, K, unknown> {
  return when(jsonColumn<Row, Ctx, K, unknown>(key, column, pick, schema), (row) => pick(row) !== null && pick(row) !== undefined, (t) => Prisma.sql`${col(t, column)} IS NOT NULL`);
}

/** `admin_attributes` / `shopper_attributes`: at most 100 keys, each value a string or null. */
export function checkCustomAttributes(value: Record<string, unknown> | undefined, source: string): void {
  if (value === undefined) return;
  const entries = Object.entries(value);
  if (entries.length > MAX_CUSTOM_ATTRIBUTES) throw new BadRequestError(`${source} has more than ${MAX_CUSTOM_ATTRIBUTES} keys`, source);
  for (const [key, v] of entries) {
    if (v !== null && typeof v !== 'string') throw new BadRequestError(`${source}.${key} must be a string or null`, `${source}.${key}`);
    if (typeof v === 'string' && v.length > 1024) throw new BadRequestError(`${source}.${key} is longer than 1024 characters`, `${source}.${key}`);
  }
}

/** `locales`: `{"fr-FR": {"name": …, "description": …}}`. */
export function checkLocales(value: Record<string, unknown> | undefined, source: string): void {
  if (value === undefined) return;
  const entries = Object.entries(value);
  if (entries.length > 100) throw new BadRequestError(`${source} has more than 100 locales`, source);
  for (const [locale, v] of entries) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) throw new BadRequestError(`${source}: ${locale} is not a locale`, `${source}.${locale}`);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BadRequestError(`${source}.${locale} must be an object`, `${source}.${locale}`);
    for (const [k, text] of Object.entries(v)) {
      if (k !== 'name' && k !== 'description') throw new BadRequestError(`${source}.${locale} takes name and description only`, `${source}.${locale}.${k}`);
      if (typeof text !== 'string' || text.length > 1024) throw new BadRequestError(`${source}.${locale}.${k} must be a string of at most 1024 characters`, `${source}.${locale}.${k}`);
    }
  }
}
