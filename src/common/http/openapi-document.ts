import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** Marks an operation that needs no token; the document lists it with no security requirement. */
export const PUBLIC_OPERATION = 'x-public-operation';

/** The token endpoint, outside the `/v2` prefix. */
const TOKEN_URL = '/oauth/access_token';

/**
 * The OpenAPI document served at /docs. It declares the OAuth2 client-credentials flow against the token
 * endpoint, so Swagger UI's "Authorize" gets a token from a client id and secret, beside a plain bearer
 * scheme for a token obtained elsewhere (an implicit one, say). Every operation but the public ones
 * requires one of the two, as the global bearer guard does.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Commerce API')
      .setDescription(
        'Elastic Path Commerce Cloud (Moltin) v2 compatible commerce API. ' +
          'To try a call: "Authorize" with the client_id and client_secret (the key pair the server was started with, or the one it printed at its first start), then "Try it out".',
      )
      .setVersion('0.1.0')
      .addOAuth2({ type: 'oauth2', description: 'Client credentials: a token from the key pair', flows: { clientCredentials: { tokenUrl: TOKEN_URL, scopes: {} } } }, 'oauth2')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An access token obtained from POST /oauth/access_token' }, 'bearer')
      .build(),
  );
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const marked = operation as Record<string, unknown> & { security?: unknown };
      if (marked[PUBLIC_OPERATION]) {
        delete marked[PUBLIC_OPERATION];
        marked.security = [];
      } else {
        marked.security = [{ oauth2: [] }, { bearer: [] }];
      }
    }
  }
  return document;
}
