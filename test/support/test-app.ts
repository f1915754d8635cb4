import { INestApplication, ModuleMetadata } from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { Writable } from 'node:stream';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { AppModule } from '../../src/app.module';
import { AppConfig, loadAppConfig } from '../../src/config/app-config';
import { configureApp } from '../../src/configure-app';
import { CommerceExpressAdapter } from '../../src/common/http/commerce-express-adapter';
import { createRootLogger } from '../../src/common/logging/app-logger';
import { ROOT_LOGGER } from '../../src/common/logging/logging.module';
import { PrismaService } from '../../src/prisma/prisma.service';
import { checkResponsesAgainstOpenApi, ResponseCheck } from './openapi-responses';
import { createTestDatabase, TestDatabase, TestDbKind } from './test-database';

export const TEST_CLIENT_ID = 'test-client-id';
export const TEST_CLIENT_SECRET = 'test-client-secret-0123456789';

export interface TestAppOptions {
  env?: Record<string, string>;
  db?: TestDbKind;
  /** Reuse a database made earlier (e.g. two apps on one PostgreSQL database). */
  database?: TestDatabase;
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Modules started beside AppModule (e.g. one that registers an extension). */
  imports?: ModuleMetadata['imports'];
  /** Capture every log line (JSON) here instead of discarding logs. */
  logLines?: string[];
  /** The key token() uses, read once the app has started (so it may be a generated one); the test key by default. */
  clientKey?: () => { clientId: string; clientSecret: string };
  /** Check every JSON response against the OpenAPI document (on unless a test sends what the contract cannot describe). */
  checkResponses?: boolean;
}

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  prisma: PrismaService;
  config: AppConfig;
  database: TestDatabase;
  /** `http://127.0.0.1:<port>` of the listening server (for the SDK and real clients). */
  baseUrl: string;
  /** `host:port`, the form the official SDK's `host` option takes. */
  host: string;
  adminToken: string;
  implicitToken: string;
  /** Authorization header value for the client-credentials token. */
  admin: { Authorization: string };
  storefront: { Authorization: string };
  token(grant: 'client_credentials' | 'implicit'): Promise<string>;
  /** The responses that did not match the OpenAPI document so far; close() fails when there are any. */
  responseCheck: ResponseCheck;
  close(): Promise<void>;
}

/** The real AppModule on a fresh database, listening on 127.0.0.1 on an ephemeral port. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(options.db));
  const env: Record<string, string | undefined> = {
    ...process.env,
    CLIENT_ID: TEST_CLIENT_ID,
    CLIENT_SECRET: TEST_CLIENT_SECRET,
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    WORKERS_ENABLED: 'false',
    FILES_DIR: `/tmp/commerce-api-test-files/${Date.now()}-${Math.random().toString(36).slice(2)}`,
    ...database.env,
    ...options.env,
  };
  const config = loadAppConfig(env);
  const sink = options.logLines;
  const destination = sink
    ? new Writable({
        write(chunk, _enc, cb) {
          sink.push(...chunk.toString().split('\n').filter(Boolean));
          cb();
        },
      })
    : undefined;
  let builder = Test.createTestingModule({ imports: [AppModule, ...(options.imports ?? [])] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(ROOT_LOGGER)
    .useValue(createRootLogger(config.logLevel, destination as any));
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication(new CommerceExpressAdapter(), { bodyParser: false, logger: false });
  const responseCheck = options.checkResponses === false ? { checked: 0, problems: [] } : checkResponsesAgainstOpenApi(app, !options.imports?.length);
  configureApp(app);
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const host = `127.0.0.1:${address.port}`;
  const http = request(app.getHttpServer());

  const key = options.clientKey?.() ?? { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET };
  const token = async (grant: 'client_credentials' | 'implicit') => {
    const res = await http
      .post('/oauth/access_token')
      .type('form')
      .send(grant === 'client_credentials' ? { grant_type: grant, client_id: key.clientId, client_secret: key.clientSecret } : { grant_type: grant, client_id: key.clientId });
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };
  const adminToken = await token('client_credentials');
  const implicitToken = await token('implicit');

  return {
    app,
    http,
    prisma: app.get(PrismaService),
    config,
    database,
    baseUrl: `http://${host}`,
    host,
    adminToken,
    implicitToken,
    admin: { Authorization: `Bearer ${adminToken}` },
    storefront: { Authorization: `Bearer ${implicitToken}` },
    token,
    responseCheck,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
      if (responseCheck.problems.length) {
        throw new Error(`Responses that do not match the OpenAPI document (src/**/*.schema.ts, src/common/openapi):\n${responseCheck.problems.join('\n')}`);
      }
    },
  };
}
