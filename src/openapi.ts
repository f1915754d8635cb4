import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './common/openapi/openapi-document';
import { useApiPrefix } from './configure-app';

/**
 * `npm run openapi [file]`: writes the OpenAPI document (the one /docs-json serves) to a file, openapi.json by
 * default. The application is built in preview mode: controllers are read, nothing connects or listens.
 */
async function main() {
  const target = resolve(process.argv[2] ?? 'openapi.json');
  const app = await NestFactory.create(AppModule, { preview: true, logger: false, abortOnError: false });
  useApiPrefix(app);
  writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  await app.close();
  process.stdout.write(`OpenAPI document written to ${target}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
