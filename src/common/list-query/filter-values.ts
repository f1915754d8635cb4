import { BadRequestError } from '../errors/api-error';
import type { FilterValue, ListFieldType } from './list-spec';

/** A filter operand as the field's type reads it; a 400 naming the field when it does not. */
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toTypedValue(raw: string, type: ListFieldType, field: string): FilterValue {
  if (raw === '') return raw;
  switch (type) {
    case 'string':
      return raw;
    case 'integer': {
      // Int columns are 32-bit: a larger operand makes Prisma fail the query instead of matching nothing.
      const n = /^[-+]?\d{1,10}$/.test(raw) ? Number(raw) : NaN;
      if (!(n >= INT32_MIN && n <= INT32_MAX)) throw badValue(field, raw, 'an integer');
      return n;
    }
    case 'boolean': {
      const b = raw.toLowerCase();
      if (b !== 'true' && b !== 'false') throw badValue(field, raw, 'true or false');
      return b === 'true';
    }
    case 'datetime': {
      const d = parseFilterDate(raw);
      if (!d) throw badValue(field, raw, API_DATE_FORMS);
      return d;
    }
    case 'uuid':
      // A malformed uuid would make PostgreSQL fail the query: refuse it here instead.
      if (!UUID_RE.test(raw)) throw badValue(field, raw, 'a UUID');
      return raw.toLowerCase();
  }
}

// ---------- dates ----------

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|([+\- ])(\d{2})(?::?(\d{2}))?)?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** What parseFilterDate reads, for error messages. */
export const API_DATE_FORMS = 'a date (ISO 8601, YYYY-MM-DD or epoch milliseconds)';

/** The text parseFilterDate reads, as a JSON Schema pattern (it also refuses dates no calendar has: 2026-02-30). */
export const API_DATE_PATTERN = `^(?:\\d{1,15}|${ISO_RE.source.slice(1, -1)})$`;

/**
 * `YYYY-MM-DD` (UTC midnight), ISO 8601 date-time with optional seconds, fraction and offset (UTC when none),
 * or epoch milliseconds. A space in the offset is a '+' that arrived unencoded. Null when invalid or
 * outside years 1..9999 (what PostgreSQL and JS dates share).
 */
export function parseFilterDate(raw: string): Date | null {
  let date: Date;
  if (/^\d{1,15}$/.test(raw)) {
    date = new Date(Number(raw));
  } else {
    const m = ISO_RE.exec(raw);
    if (!m) return null;
    const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone, sign, oh, om = '00'] = m;
    const year = Number(y);
    const month = Number(mo);
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const maxDay = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
    if (month < 1 || month > 12 || Number(d) < 1 || Number(d) > maxDay) return null;
    if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(oh ?? 0) > 23 || Number(om) > 59) return null;
    const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : `${sign === '-' ? '-' : '+'}${oh}:${om}`;
    date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.slice(0, 3).padEnd(3, '0')}${offset}`);
  }
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

export function dedupe(values: FilterValue[]): FilterValue[] {
  const seen = new Set<string | number | boolean>();
  return values.filter((v) => {
    const key = v instanceof Date ? v.getTime() : v;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function badValue(field: string, raw: string, expected: string): BadRequestError {
  return filterError(`Invalid filter value '${raw}' for '${field}': expected ${expected}`);
}

export function filterError(detail: string): BadRequestError {
  return new BadRequestError(detail, { parameter: 'filter' });
}
