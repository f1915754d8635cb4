import { INestApplication } from '@nestjs/common';
import { ApiClientsRepository } from './auth/api-clients.repository';
import { ApiClientsService } from './auth/api-clients.service';
import { AppConfig } from './config/app-config';

/** The base URL a person on this machine opens: PUBLIC_BASE_URL, or localhost for a wildcard bind. */
export function localBaseUrl(config: AppConfig, port: number): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${config.https ? 'https' : 'http'}://${host}:${port}`;
}

/** The client_id a storefront signs in with (implicit tokens): the key in use. */
export async function storefrontClientId(app: INestApplication): Promise<string | null> {
  const [key] = await app.get(ApiClientsRepository, { strict: false }).findAll();
  return key?.clientId ?? null;
}

/** What `npm start` prints once it listens: where the API is, where to try it, the key, how to seed, a storefront's values. */
export function nextSteps(app: INestApplication, baseUrl: string, clientId: string | null = null): string {
  const config = app.get(AppConfig);
  const key = app.get(ApiClientsService, { strict: false }).startupKey;
  const keyLine = {
    configured: 'the key pair from CLIENT_ID and CLIENT_SECRET',
    generated: 'a new key pair, printed above once: store it now',
    stored: 'the key pair generated at the first start and printed then (set CLIENT_ID and CLIENT_SECRET to choose your own)',
  }[key];
  const seedLine = config.seedDemo
    ? 'seeded at start (SEED_DEMO=true)'
    : key === 'configured'
      ? 'npm run seed   (in another terminal, with the same CLIENT_ID and CLIENT_SECRET)'
      : 'CLIENT_ID=<client_id> CLIENT_SECRET=<client_secret> npm run seed   (in another terminal)';
  return [
    '',
    `  Commerce API is ready at ${baseUrl}`,
    `    Try it:        ${baseUrl}/docs   ("Authorize" with client_id and client_secret, then "Try it out")`,
    `    API key:       ${keyLine}`,
    `    Demo catalog:  ${seedLine}`,
    `    Storefront:    NEXT_PUBLIC_EPCC_ENDPOINT_URL=${new URL(baseUrl).host} NEXT_PUBLIC_EPCC_CLIENT_ID=${clientId ?? '<client_id>'}`,
    `                   (Elastic Path's storefronts call https:// only: docs/storefronts.md)`,
    `    Health:        ${baseUrl}/health`,
    '',
  ].join('\n');
}
