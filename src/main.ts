import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadAppConfig } from './config/app-config';
import { configureApp } from './configure-app';
import { createRootLogger, NestPinoLogger } from './common/logging/app-logger';

async function bootstrap() {
  let config: AppConfig;
  try {
    config = loadAppConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createRootLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
  });
  configureApp(app);
  app.enableShutdownHooks();
  // Graceful shutdown drains requests and deliveries; if something hangs, exit anyway after the limit.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref());
  }
  const server = await app.listen(config.port, config.host);
  // Let in-flight requests finish on SIGTERM: stop accepting, then close idle keep-alive sockets.
  server.keepAliveTimeout = 5000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, host: config.host }, `Commerce API listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`);
}

bootstrap().catch((err) => {
  process.stderr.write(`Failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
