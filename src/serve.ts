import { Server, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { configureApp } from './configure-app';
import { CommerceExpressAdapter } from './common/http/commerce-express-adapter';
import { createRootLogger, NestPinoLogger } from './common/logging/app-logger';
import { localBaseUrl, nextSteps, storefrontClientId } from './next-steps';
import { loopbackBaseUrl, seedPxmIntoOwnServer } from './seed/seed-pxm-in-process';

/** Builds the application on `config`, listens (then calls `listening`), and prints where to go next. */
export async function serve(config: AppConfig, listening: () => void = () => {}): Promise<void> {
  if (config.database.databaseUrl) tuneV8ForPostgres();
  const logger = createRootLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new CommerceExpressAdapter(), {
    abortOnError: false, // a failed start reaches the handler below (exit 1, or 75 for a data directory in use)
    bodyParser: false,
    logger: new NestPinoLogger(logger),
    ...(config.https ? { httpsOptions: config.https } : {}),
  });
  configureApp(app);
  // On SIGTERM/SIGINT Nest runs the shutdown hooks (workers drain their sends, the HTTP server waits for
  // requests in flight, the database disconnects) and then exits 0: a graceful stop is told apart from a
  // forced one (exit 1 below) or a crash. Without useProcessExit Nest re-raises the signal instead.
  app.enableShutdownHooks([], { useProcessExit: true });
  // Graceful shutdown drains requests and deliveries; if something hangs, exit anyway after the limit.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref());
  }
  const server: Server = await app.listen(config.port, config.host);
  listening();
  server.keepAliveTimeout = 5000;
  const drainHttp = httpDrain(server);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, drainHttp);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, host: config.host }, `Commerce API listening on ${config.https ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`);
  if (config.seedDemo) await seedPxmDemo(app, logger, loopbackBaseUrl(config.host, port, !!config.https));
  process.stdout.write(`${nextSteps(app, localBaseUrl(config, port), await storefrontClientId(app))}\n`);
}

/**
 * SEED_DEMO=true: the PXM demo catalog goes in through the server's own API once it listens (the legacy one went in
 * before it started). A failure is logged and the server goes on serving: the seed is idempotent, run it again.
 */
async function seedPxmDemo(app: NestExpressApplication, logger: ReturnType<typeof createRootLogger>, baseUrl: string): Promise<void> {
  try {
    const result = await seedPxmIntoOwnServer(app, baseUrl);
    logger.info({ seeded: result }, result.releaseId ? `PXM demo catalog published (release ${result.releaseId})` : 'PXM demo catalog already published; nothing added');
  } catch (err) {
    logger.error({ err: (err as Error).message }, 'the PXM demo catalog could not be seeded; npm run seed tries again');
  }
}

/**
 * Two V8 settings for a server whose database is elsewhere, set before the first query (docs/operations.md,
 * "Memory"):
 * - Prisma's query compiler is a WebAssembly module. By default V8 recompiles its hot functions with the
 *   optimizing compiler in background threads, which left 50–80 MB more resident memory (compiler zones malloc
 *   keeps, optimized code) and cost more CPU than it saved. Not with PGlite: its WebAssembly is PostgreSQL itself,
 *   and its queries run about twice as slowly without the optimizing compiler.
 * - Under the 192 MB heap cap of `npm start` V8 lets the heap grow only 30 % past what is live before the next
 *   full collection; with a ~50 MB live heap and a 16 MB young generation it then starts marking again as soon
 *   as it finishes. Twice what is live costs ~20 MB at peak for ~20 % less CPU per uncached page. Not with PGlite,
 *   whose process already holds a whole PostgreSQL (~450 MB at peak).
 */
function tuneV8ForPostgres(): void {
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--heap-growing-percent=100');
}

/**
 * Let in-flight requests finish on SIGTERM, but stop taking new work at once. Nest closes the HTTP server
 * only after every beforeApplicationShutdown hook (the webhook worker waits for its sends, up to
 * WEBHOOK_TIMEOUT_MS), and Node keeps idle keep-alive connections open after close() until
 * keepAliveTimeout. So on the signal: stop listening, answer the requests still in flight with
 * `Connection: close`, and drop every connection as soon as it is idle. Nest's own close then waits for
 * those requests before the database goes away.
 */
function httpDrain(server: Server): () => void {
  const open = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return () => {
    if (draining) return;
    draining = true;
    server.close();
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    server.closeIdleConnections();
  };
}
