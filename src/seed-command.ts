import 'reflect-metadata';
import { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { parseArgs } from 'node:util';
import { AppModule } from './app.module';
import { CommerceExpressAdapter } from './common/http/commerce-express-adapter';
import { AppConfig, ConfigError, loadAppConfig } from './config/app-config';
import { configureApp } from './configure-app';
import { describeSeedResult, SeedResult } from './seed/demo-catalog';
import { DemoSeeder } from './seed/demo-seeder';
import { loopbackBaseUrl, seedPxmIntoOwnServer } from './seed/seed-pxm-in-process';
import { SeedApiError, seedThroughApi } from './seed/seed-through-api';

const USAGE = `Usage: npm run seed [-- --url URL] [--client-id ID --client-secret SECRET] [--direct]

Loads the demo catalog (12 categories, 300 products with images) and the PXM demo catalog (a hierarchy, products
with images, a T-shirt built into children, a bundle, USD prices), which it publishes; a second run adds nothing.
If a server answers at URL (default: this configuration's PUBLIC_BASE_URL, or http://127.0.0.1:PORT), the
catalog goes in through its API with the key pair from --client-id/--client-secret or CLIENT_ID/CLIENT_SECRET.
If none answers, the server is started here on a loopback port for the time of the seed, on the configured
database (DATABASE_URL or PGLITE_DATA_DIR).
--direct skips the check and seeds that way (only for a database no server is using).`;

/** A failure the user can act on: printed as it is, without a stack. */
class SeedCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function defaultBaseUrl(config: AppConfig): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** Whether anything answers HTTP at the base URL (any status: a server whose database is down still owns it). */
async function serverAnswers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * With no server running: the server starts here on a loopback port for the time of the seed. The legacy catalog
 * goes straight into the database; the PXM one through the server's API, whose workers publish it.
 */
async function seedDirectly(): Promise<SeedResult> {
  const started = Date.now();
  let app: NestExpressApplication;
  let port: number;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule, new CommerceExpressAdapter(), { bodyParser: false, logger: ['error', 'warn'] });
    configureApp(app);
    const server: Server = await app.listen(0, '127.0.0.1');
    port = (server.address() as { port: number }).port;
  } catch (err) {
    throw new SeedCommandError(
      `Could not open the database: ${(err as Error).message}\n` +
        'If a server is using it, seed through that server instead: npm run seed -- --url http://HOST:PORT (with its key pair).',
    );
  }
  try {
    const legacy = await app.get(DemoSeeder).seed();
    const pxm = await seedPxmIntoOwnServer(app, loopbackBaseUrl('127.0.0.1', port, false));
    return { ...legacy, pxm, ms: Date.now() - started };
  } finally {
    await app.close();
  }
}

async function run(argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      direct: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return USAGE;
  const config = loadAppConfig();
  if (values.direct) return describeSeedResult(await seedDirectly());

  const baseUrl = (values.url ?? defaultBaseUrl(config)).replace(/\/+$/, '');
  if (!(await serverAnswers(baseUrl))) {
    if (values.url) throw new SeedCommandError(`No server answers at ${baseUrl}. Start it (npm start), or leave out --url to write into a stopped server's database.`);
    process.stdout.write(`No server answers at ${baseUrl}; writing the demo catalog straight into the database.\n`);
    return describeSeedResult(await seedDirectly());
  }

  const clientId = values['client-id'] ?? config.auth.clientId;
  const clientSecret = values['client-secret'] ?? config.auth.clientSecret;
  if (!clientId || !clientSecret) {
    throw new SeedCommandError(
      `A server is running at ${baseUrl}, so the demo catalog goes in through its API, which needs its key pair, and none is known here.\n` +
        'Set CLIENT_ID and CLIENT_SECRET (or pass -- --client-id ID --client-secret SECRET) to the key pair the server was started with,\n' +
        'or to the one it printed when it generated it at its first start. Or restart the server with SEED_DEMO=true.',
      2,
    );
  }
  process.stdout.write(`Seeding the demo catalog through the API at ${baseUrl}\n`);
  try {
    return describeSeedResult(await seedThroughApi({ baseUrl, clientId, clientSecret }));
  } catch (err) {
    if (err instanceof SeedApiError) throw new SeedCommandError(err.message);
    throw err;
  }
}

if (require.main === module) {
  run(process.argv.slice(2))
    .then((message) => {
      process.stdout.write(`${message}\n`);
      process.exit(0);
    })
    .catch((err) => {
      const known = err instanceof SeedCommandError || err instanceof ConfigError || (err as NodeJS.ErrnoException)?.code?.startsWith?.('ERR_PARSE_ARGS');
      process.stderr.write(`${known ? (err as Error).message : ((err as Error)?.stack ?? String(err))}\n`);
      process.exit(err instanceof SeedCommandError ? err.exitCode : known ? 2 : 1);
    });
}
