import { INestApplication, RequestMethod } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express, { NextFunction, Request, Response } from 'express';
import { AppConfig } from './config/app-config';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { RouteFamilies } from './common/errors/route-families';
import { CommerceExpressAdapter } from './common/http/commerce-express-adapter';
import { buildOpenApiDocument } from './common/openapi/openapi-document';
import { KeptAnswers } from './common/http/kept-answers';
import { parseQueryOncePerRequest } from './common/http/query-once';
import { requestContextMiddleware } from './common/http/request-context';
import { ROOT_LOGGER, RootLogger } from './common/logging/logging.module';
import { rememberSecrets, urlPassword } from './common/logging/secret-scrubber';
import { RequestBudget } from './common/throttling/request-budget';
import { useLeanAsyncResourceBind } from './common/runtime/lean-async-resource-bind';
import { HttpMetrics } from './metrics/http-metrics';

/**
 * Everything the HTTP server needs beyond AppModule, shared by main.ts and the tests so both run the
 * same stack: body parsing with our own error documents, the `/v2` prefix, bracket query parsing, docs.
 */
export function configureApp(app: INestApplication): void {
  const http = app as NestExpressApplication;
  const config = app.get(AppConfig);
  const logger = app.get<RootLogger>(ROOT_LOGGER);
  const errors = app.get(ApiExceptionFilter);

  useLeanAsyncResourceBind();
  rememberSecrets(config.auth.clientSecret, config.stripe.secretKey, urlPassword(config.database.databaseUrl));
  http.set('query parser', 'extended');
  parseQueryOncePerRequest(http.getHttpAdapter().getInstance());
  http.set('etag', false);
  http.disable('x-powered-by');
  http.use(app.get(HttpMetrics).middleware());
  http.use(requestContextMiddleware(logger, config.publicBaseUrl));
  if (config.corsOrigins) {
    // Preflights end here (204), before auth; allowed request headers are reflected (the SDKs send X-MOLTIN-*).
    app.enableCors({
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: ['X-Request-Id', 'ETag', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
      maxAge: 86_400,
    });
  }
  const budget = app.get(RequestBudget);
  http.use(app.get(KeptAnswers).middleware((req, res) => budget.spend(req, res)));
  // The SDK sends `Content-Type: application/json` on every request, bodyless ones included.
  http.use(express.json({ limit: config.bodyLimitBytes, type: ['application/json', 'application/*+json'] }));
  http.use(express.urlencoded({ extended: false, limit: config.bodyLimitBytes }));
  http.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const { status, errors: body, headers } = errors.describe(err, req);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(status).json({ errors: body });
  });

  useApiPrefix(app);
  const adapter = app.getHttpAdapter();
  if (adapter instanceof CommerceExpressAdapter) adapter.describeErrorsWith(errors);

  // Built at the first request for /docs or /docs-json, not at every start: it walks every route's metadata.
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}

/** `/v2` before every route but the probes, the metrics, the token endpoint, PXM's `/pcm` routes and the catalogs
 * (`/catalogs` for administrators, `/catalog` for shoppers), which Elastic Path serves without it. */
export function useApiPrefix(app: INestApplication): void {
  const exclude = [
    { path: 'health', method: RequestMethod.GET },
    { path: 'health/live', method: RequestMethod.GET },
    { path: 'health/ready', method: RequestMethod.GET },
    { path: 'metrics', method: RequestMethod.GET },
    { path: 'oauth/access_token', method: RequestMethod.POST },
    { path: 'pcm/{*path}', method: RequestMethod.ALL },
    { path: 'catalogs', method: RequestMethod.ALL },
    { path: 'catalogs/{*path}', method: RequestMethod.ALL },
    { path: 'catalog', method: RequestMethod.ALL },
    { path: 'catalog/{*path}', method: RequestMethod.ALL },
  ];
  app.setGlobalPrefix('v2', { exclude });
  RouteFamilies.forApp(app).useGlobalPrefix({ prefix: 'v2', exclude: exclude.map((e) => e.path) });
}
