import { MAX_PAGE_LIMIT } from '../list-query/page-params';
import { arrayOf, closed, constant, dateTime, integer, nullable, open, string } from './json-schema';
import { defineSchemas } from './schema-registry';

/** The members every module's resources share, and the error document. */
export const WIRE = defineSchemas({
  ErrorObject: closed(
    {
      status: integer({ minimum: 400, maximum: 599 }),
      title: string(),
      detail: string(),
      source: string({ description: 'The field (`data.name`), parameter (`page[limit]`) or header at fault' }),
      meta: open(),
      request_id: string(),
    },
    ['source', 'meta', 'request_id'],
  ),
  ErrorDocument: closed(
    { errors: arrayOf({ $ref: '#/components/schemas/ErrorObject' }, { minItems: 1 }) },
    [],
    { example: { errors: [{ status: 404, title: 'Product not found', detail: 'The requested product could not be found' }] } },
  ),
  DisplayPrice: closed({ amount: integer(), currency: string(), formatted: string() }, [], { example: { amount: 40000, currency: 'USD', formatted: '$400.00' } }),
  Money: closed({ amount: integer({ description: 'Minor units (cents)' }), currency: string(), includes_tax: { type: 'boolean' } }),
  Timestamps: closed({ created_at: dateTime(), updated_at: dateTime() }),
  ResourceIdentifier: closed({ type: string(), id: string() }),
  SelfLink: closed({ self: string({ format: 'uri' }) }),
  PageInfo: closed({ limit: integer({ minimum: 1, maximum: MAX_PAGE_LIMIT }), offset: integer({ minimum: 0 }), current: integer({ minimum: 1 }), total: integer({ minimum: 0 }) }),
  ResultCounts: closed({ total: integer({ minimum: 0, description: 'Results matching the filter' }), all: integer({ minimum: 0, description: 'Results without the filter' }) }),
  PageLinks: closed({
    current: string(),
    first: string(),
    last: string(),
    prev: nullable(string()),
    next: nullable(string()),
  }),
});

/** `{ data: { type, id } }` — a to-one relationship. */
export function toOne(type: string) {
  return closed({ data: closed({ type: constant(type), id: string() }) });
}

/** `{ data: [{ type, id }] }` — a to-many relationship. */
export function toMany(...types: string[]) {
  return closed({ data: arrayOf(closed({ type: types.length === 1 ? constant(types[0]) : { type: 'string', enum: types }, id: string() })) });
}
