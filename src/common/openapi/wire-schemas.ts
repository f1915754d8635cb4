import { MAX_PAGE_LIMIT } from '../list-query/page-params';
import { arrayOf, closed, constant, dateTime, integer, JsonSchema, nullable, open, string } from './json-schema';
import { defineSchemas } from './schema-registry';

function errorObject(status: JsonSchema): JsonSchema {
  return closed(
    {
      status,
      title: string(),
      detail: string(),
      source: string({ description: 'The field (`data.name`), parameter (`page[limit]`) or header at fault' }),
      meta: open(),
      request_id: string(),
    },
    ['source', 'meta', 'request_id'],
  );
}

function errorDocument(objectSchema: string, exampleStatus: number | string): JsonSchema {
  return closed({ errors: arrayOf({ $ref: `#/components/schemas/${objectSchema}` }, { minItems: 1 }) }, [], {
    example: { errors: [{ status: exampleStatus, title: 'Product not found', detail: 'The requested product could not be found' }] },
  });
}

/** The members every module's resources share, and the error documents (`status` a number, or a string). */
export const WIRE = defineSchemas({
  ErrorObject: errorObject(integer({ minimum: 400, maximum: 599 })),
  ErrorDocument: errorDocument('ErrorObject', 404),
  StringStatusErrorObject: errorObject(string({ pattern: '^[45][0-9]{2}$', description: 'The HTTP status as a string, as the newer Elastic Path families write it' })),
  StringStatusErrorDocument: errorDocument('StringStatusErrorObject', '404'),
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
