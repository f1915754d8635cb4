import { INestApplication } from '@nestjs/common';
import { ErrorStatusForm } from '../errors/api-family';
import { RouteFamilies } from '../errors/route-families';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { declaredIncludes } from '../include/include.decorators';
import { MAX_INCLUDES } from '../include/include.types';
import { INCLUDE_PARENT, includedSchemaName } from './api-operation.decorators';
import { arrayOf, JsonSchema, ref } from './json-schema';
import { definedSchemas } from './schema-registry';
import { WIRE } from './wire-schemas';

/** Marks an operation that needs no token; the document lists it with no security requirement. */
export const PUBLIC_OPERATION = 'x-public-operation';

/** The token endpoint, outside the `/v2` prefix. */
const TOKEN_URL = '/oauth/access_token';

/** The schema of each `included` member, by `<parent type>.<key>` of its include resolver. */
const INCLUDED_RESOURCES: Record<string, string> = {
  'product.main_images': 'File',
  'product.files': 'File',
  'product.categories': 'Category',
  'category.products': 'Product',
  'cart.items': 'CartItem',
  'order.items': 'OrderItem',
  'cart.promotions': 'Promotion',
  'pcm-product.main_images': 'File',
  'pcm-product.files': 'File',
};

const ERROR_RESPONSES = {
  BadRequest: 'The request is malformed: a parameter or a body member is invalid (`source` names it)',
  Unauthorized: 'No valid access token',
  Forbidden: 'The token may not do this (an implicit token on an administrator route)',
  NotFound: 'No such resource',
  Error: 'Any other failure: 409 conflict, 413 body too large, 415, 422 refused by a business rule, 429 rate limited, 503 database unavailable',
} as const;

type Operation = Record<string, unknown> & {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown;
};

/**
 * The OpenAPI document served at /docs and written by `npm run openapi`. It declares the OAuth2
 * client-credentials flow against the token endpoint, so Swagger UI's "Authorize" gets a token from a client
 * id and secret, beside a plain bearer scheme for a token obtained elsewhere (an implicit one, say). Every
 * operation but the public ones requires one of the two, as the global bearer guard does. The response
 * schemas come from the decorators on each route (src/common/openapi) and each module's `*.schema.ts`; the
 * error responses, `include` and `included` are added here from what every operation declares.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('Commerce API')
      .setDescription(
        'Elastic Path Commerce Cloud (Moltin) v2 compatible commerce API.\n\n' +
          'Every call needs an access token: `POST /oauth/access_token` with `grant_type=client_credentials`, `client_id` and `client_secret` ' +
          '(the key pair the server was started with, or the one it printed at its first start) gives an administrator token; ' +
          '`grant_type=implicit` with `client_id` alone gives a storefront token. Send it as `Authorization: Bearer <token>`. ' +
          'In Swagger UI: "Authorize" with the client id and secret, then "Try it out".\n\n' +
          'Errors are always `{"errors":[{"status","title","detail","source"?}]}`; `status` is a number, except on the routes of the ' +
          'families whose Elastic Path documents write it as a string (Account Management among them), where it is `"404"`.',
      )
      .setVersion('0.1.0')
      .addOAuth2(
        {
          type: 'oauth2',
          description: 'Client credentials: POST /oauth/access_token with the client id and secret (form body or HTTP Basic) gives an administrator token',
          flows: { clientCredentials: { tokenUrl: TOKEN_URL, scopes: {} } },
        },
        'oauth2',
      )
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An access token from POST /oauth/access_token (client_credentials or implicit)' }, 'bearer')
      .build(),
  );
  const families = RouteFamilies.forApp(app);
  const schemas: Record<string, JsonSchema> = { ...definedSchemas() };
  const includeParents = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!value || typeof value !== 'object' || !('responses' in value)) continue;
      const operation = value as Operation;
      secure(operation);
      const parent = operation[INCLUDE_PARENT] as string | undefined;
      if (parent) {
        delete operation[INCLUDE_PARENT];
        includeParents.add(parent);
        addIncludeParameter(operation, parent);
      }
      addErrorResponses(operation, path, method, families.familyOf(path).errorStatus);
    }
  }
  for (const parent of includeParents) schemas[includedSchemaName(parent)] = includedSchema(parent);
  document.components = {
    ...document.components,
    schemas: { ...(document.components?.schemas ?? {}), ...(schemas as NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>) },
    responses: Object.fromEntries(
      (['number', 'string'] as const).flatMap((form) =>
        Object.entries(ERROR_RESPONSES).map(([name, description]) => [
          errorResponseName(name, form),
          { description, content: { 'application/json': { schema: ref(ERROR_DOCUMENT[form]) } } },
        ]),
      ),
    ),
  };
  return document;
}

function secure(operation: Operation): void {
  if (operation[PUBLIC_OPERATION]) {
    delete operation[PUBLIC_OPERATION];
    operation.security = [];
  } else {
    operation.security = [{ oauth2: [] }, { bearer: [] }];
  }
}

function includeNames(parent: string) {
  return declaredIncludes().filter((d) => d.parent === parent);
}

function addIncludeParameter(operation: Operation, parent: string): void {
  const names = includeNames(parent).flatMap((d) => d.names);
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: 'include',
      in: 'query',
      required: false,
      description: `Related resources to return under \`included\`, comma-separated (at most ${MAX_INCLUDES}): ${names.map((n) => `\`${n}\``).join(', ')}`,
      schema: { type: 'string' },
    } as { in: string; name: string },
  ];
}

function includedSchema(parent: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const { key } of includeNames(parent)) {
    const schema = INCLUDED_RESOURCES[`${parent}.${key}`];
    if (!schema) throw new Error(`No schema for the included ${parent}.${key}: add it to INCLUDED_RESOURCES`);
    properties[key] = arrayOf(ref(schema));
  }
  return { type: 'object', additionalProperties: false, properties };
}

/** The error document of each form of `status` (the route's family decides which). */
const ERROR_DOCUMENT: Record<ErrorStatusForm, string> = { number: WIRE.ErrorDocument, string: WIRE.StringStatusErrorDocument };

function errorResponseName(name: string, form: ErrorStatusForm): string {
  return form === 'string' ? `StringStatus${name}` : name;
}

/** The error document (in the form of the route's family) on every operation: 400 where it reads input, 401/403 where it needs a token, 404 on a path with ids. */
function addErrorResponses(operation: Operation, path: string, method: string, form: ErrorStatusForm): void {
  const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${errorResponseName(name, form)}` });
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined || ['post', 'put', 'patch'].includes(method);
  const secured = Array.isArray(operation.security) && operation.security.length > 0;
  const responses = operation.responses;
  if (takesInput) responses['400'] ??= errorResponse('BadRequest');
  if (secured) {
    responses['401'] ??= errorResponse('Unauthorized');
    responses['403'] ??= errorResponse('Forbidden');
  }
  if (path.includes('{')) responses['404'] ??= errorResponse('NotFound');
  responses.default ??= errorResponse('Error');
}
