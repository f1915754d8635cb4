import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtension, ApiOperation, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { ListResourceSpec } from '../list-query/list-spec';
import { MAX_PAGE_LIMIT } from '../list-query/page-params';
import { DATA_BODY, type DataBodyDeclaration } from '../validation/data-body.pipe';
import { arrayOf, closed, dataRequest, JsonSchema, ref } from './json-schema';
import { listSchema, requestSchemaName, requestSchemaOf } from './request-schema';
import { defineSchemas } from './schema-registry';
import { WIRE } from './wire-schemas';

/** Marks an operation whose result takes `?include=`; the document adds the parameter and `included` from the resolvers. */
export const INCLUDE_PARENT = 'x-include-parent';

export interface ApiBodyOptions {
  /**
   * The request body (with its `data` member). Leave it out on a route whose body is `@DataBody() dto: SomeDto`:
   * the body's schema is then derived from the DTO (requestSchemaOf), named `SomeRequest`.
   */
  body?: JsonSchema;
  /** The body may be left out. */
  bodyOptional?: boolean;
  /** The body may also be form-encoded. */
  form?: boolean;
}

export interface ApiDataOptions extends ApiBodyOptions {
  status?: number;
  /** The parent type of `@Includable(...)`, when the route takes `?include=`. */
  includes?: string;
  /** Longer text under the summary. */
  description?: string;
  /** A paged list's spec: `page`, `sort` and `filter` are documented from its fields. */
  spec?: ListResourceSpec;
}

export interface ApiListOptions extends ApiDataOptions {
  /** Members of `meta` beside `page` and `results`. */
  meta?: Record<string, JsonSchema>;
}

function includedMember(parent?: string): Record<string, JsonSchema> {
  return parent ? { included: ref(includedSchemaName(parent)) } : {};
}

export function includedSchemaName(parent: string): string {
  return `${parent.replace(/(^|[_-])([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}Included`;
}

function operation(summary: string, options: ApiDataOptions): MethodDecorator[] {
  const decorators: MethodDecorator[] = [ApiOperation({ summary, ...(options.description ? { description: options.description } : {}) })];
  if (options.form) decorators.push(ApiConsumes('application/x-www-form-urlencoded', 'application/json'));
  if (options.body) decorators.push(ApiBody({ schema: options.body as object, required: !options.bodyOptional }));
  else decorators.push(DerivedRequestBody());
  if (options.includes) decorators.push(ApiExtension(INCLUDE_PARENT, options.includes));
  return decorators;
}

/** What a route whose request schema is derived from its DTO records on its handler (see derivedRequestOf). */
const DERIVED_REQUEST = 'commerce:derived-request';

export interface DerivedRequest extends DataBodyDeclaration {
  /** The request body's name in `components.schemas`. */
  schemaName: string;
}

/**
 * The request body of a route that takes `@DataBody() dto: SomeDto`, derived from the DTO's validators and named
 * after it. (Parameter decorators run before method decorators, so `@DataBody()` has recorded its DTO.)
 */
function DerivedRequestBody(): MethodDecorator {
  return (target, key, descriptor) => {
    const declared = Reflect.getMetadata(DATA_BODY, descriptor.value as object) as DataBodyDeclaration | undefined;
    if (!declared) return;
    const schemaName = declared.name ?? (declared.list ? requestSchemaName(declared.dto).replace(/Request$/, 'ListRequest') : requestSchemaName(declared.dto));
    defineSchemas({ [schemaName]: requestBodySchemaOf(declared) });
    Reflect.defineMetadata(DERIVED_REQUEST, { ...declared, schemaName } satisfies DerivedRequest, descriptor.value as object);
    ApiBody({ schema: ref(schemaName), required: !declared.optional })(target, key, descriptor);
  };
}

/** The request body's schema a body declaration derives: `{data: <the DTO>}`, a list of them, or its own composition. */
export function requestBodySchemaOf(declared: DataBodyDeclaration): JsonSchema {
  if (declared.body) return declared.body();
  const element = requestSchemaOf(declared.dto, { closed: declared.list?.closed });
  return dataRequest(declared.list ? listSchema(element, declared.list) : element);
}

/** The derived request body of a route handler, when its request schema comes from its DTO. */
export function derivedRequestOf(handler: Function): DerivedRequest | undefined {
  return Reflect.getMetadata(DERIVED_REQUEST, handler) as DerivedRequest | undefined;
}

/** A JSON document answer: `schema` is the whole body. */
export function ApiDocumentResponse(summary: string, schema: JsonSchema, options: ApiDataOptions = {}) {
  const list = options.spec ? [...pageParameters('the store setting `page_length` by default'), ...specParameters(options.spec)] : [];
  return applyDecorators(...operation(summary, options), ...list, ApiResponse({ status: options.status ?? 200, description: 'OK', schema: schema as object }));
}

/** `{ data: <schema>, included? }` — one resource, or (`many`) an array of them without paging. */
export function ApiDataResponse(summary: string, schemaName: string, options: ApiDataOptions & { many?: boolean } = {}) {
  const data = options.many ? arrayOf(ref(schemaName)) : ref(schemaName);
  return ApiDocumentResponse(summary, closed({ data, ...includedMember(options.includes) }, ['included']), options);
}

/** 204 with no body. */
export function ApiNoContent(summary: string, options: ApiBodyOptions = {}) {
  return applyDecorators(...operation(summary, options), ApiResponse({ status: 204, description: 'Done; no body' }));
}

/** A plain-text or binary answer (file content, metrics). */
export function ApiRawResponse(summary: string, contentType: string, description: string) {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiProduces(contentType),
    ApiResponse({ status: 200, description, content: { [contentType]: { schema: { type: 'string', ...(contentType.startsWith('text/') ? {} : { format: 'binary' }) } } } }),
  );
}

/** `page[limit]` and `page[offset]`. */
export function pageParameters(defaultLimit?: string): MethodDecorator[] {
  return [
    ApiQuery({
      name: 'page[limit]',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT },
      description: `Results per page, 1 to ${MAX_PAGE_LIMIT}${defaultLimit ? `; ${defaultLimit}` : ''}`,
    }),
    ApiQuery({ name: 'page[offset]', required: false, schema: { type: 'integer', minimum: 0 }, description: 'Results to skip' }),
  ];
}

/** `sort` and `filter`, from the fields and operators of the list's spec. */
function specParameters(spec: ListResourceSpec): MethodDecorator[] {
  const sortable = Object.entries(spec.fields).filter(([, f]) => f.sortable).map(([name]) => name);
  const filterable = Object.entries(spec.fields).filter(([, f]) => f.ops?.length);
  const out: MethodDecorator[] = [];
  if (sortable.length) {
    out.push(
      ApiQuery({
        name: 'sort',
        required: false,
        schema: { type: 'string', enum: sortable.flatMap((f) => [f, `-${f}`]) },
        description: `One field, ascending, or descending with a leading \`-\`. Default: \`${spec.defaultSort}\``,
      }),
    );
  }
  if (filterable.length) {
    const lines = filterable.map(([name, f]) => `- \`${name}\` (${f.type}): ${f.ops!.join(', ')}`);
    out.push(
      ApiQuery({
        name: 'filter',
        required: false,
        // No `example`: Swagger UI would fill it in on "Try it out".
        schema: { type: 'string' },
        description: `E.g. \`${filterExample(filterable[0][0], filterable[0][1].ops![0])}\`. Clauses \`op(field,value)\` joined by \`:\` (and) or grouped \`(a|b)\` (or); \`in\` takes several values, \`like\` takes \`*\` as a wildcard. Fields and their operators:\n${lines.join('\n')}`,
      }),
      ApiExtension(
        'x-filter-fields',
        Object.fromEntries(filterable.map(([name, f]) => [name, { type: f.type, operators: f.ops }])),
      ),
    );
  }
  return out;
}

function filterExample(field: string, op: string): string {
  return op === 'is_null' ? `is_null(${field})` : `${op}(${field},value)`;
}

/** `{ data: [...], included?, meta: { page, results, ... }, links }` of a paged list. */
export function ApiList(summary: string, schemaName: string, options: ApiListOptions = {}) {
  const body = closed(
    {
      data: arrayOf(ref(schemaName)),
      ...includedMember(options.includes),
      meta: closed({ page: ref(WIRE.PageInfo), results: ref(WIRE.ResultCounts), ...(options.meta ?? {}) }),
      links: ref(WIRE.PageLinks),
    },
    ['included'],
  );
  return applyDecorators(
    ...operation(summary, options),
    ...pageParameters(options.spec ? 'the store setting `page_length` by default' : 'all of them by default'),
    ...(options.spec ? specParameters(options.spec) : []),
    ApiResponse({ status: options.status ?? 200, description: 'OK', schema: body as object }),
  );
}
