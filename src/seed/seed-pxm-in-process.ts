import { INestApplication } from '@nestjs/common';
import { AccessTokensService } from '../auth/access-tokens.service';
import { ApiClientsRepository } from '../auth/api-clients.repository';
import { SeedApiClient } from './seed-api-client';
import { PxmSeedResult, seedPxmWith } from './seed-pxm-through-api';

/**
 * The server loads the PXM demo catalog into itself through its own API over loopback, as `npm run seed` does from
 * outside: publishing runs in the server's workers, and every write goes through the same rules and events as a
 * client's. It signs in with a client-credentials token issued to the key in use, so no secret is needed.
 */
export async function seedPxmIntoOwnServer(app: INestApplication, baseUrl: string): Promise<PxmSeedResult> {
  const [key] = await app.get(ApiClientsRepository, { strict: false }).findAll();
  if (!key) throw new Error('The server has no API key to seed the demo catalog with');
  const token = await app.get(AccessTokensService, { strict: false }).issue(key.id, 'client_credentials');
  const api = new SeedApiClient({ baseUrl, accessToken: token.access_token, ownServer: true });
  try {
    await api.authenticate();
    return await seedPxmWith(api);
  } finally {
    api.close();
  }
}

/** Where the server answers on this machine: its bound address, loopback for a wildcard bind. */
export function loopbackBaseUrl(host: string, port: number, https: boolean): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `${https ? 'https' : 'http'}://${name}:${port}`;
}
