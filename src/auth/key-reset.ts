import 'reflect-metadata';
import { AppConfig } from '../config/app-config';
import { createRootLogger } from '../common/logging/app-logger';
import { describeDatabase } from '../prisma/database-adapter';
import { DatabasePools } from '../prisma/database-pools';
import { PrismaService } from '../prisma/prisma.service';
import { ApiClientsRepository } from './api-clients.repository';
import { ApiKeys, configuredKeys, KeyPair } from './api-keys';

/** The key comes from the configuration: a reset would be undone by the next start. */
export class KeyFromConfigurationError extends Error {
  constructor() {
    super(
      'CLIENT_ID and CLIENT_SECRET are set, so the API key is the one in the configuration. To replace it, set a new ' +
        'CLIENT_ID/CLIENT_SECRET and restart the server: the old key and its access tokens are revoked at that start ' +
        '(keep the old one valid for a while with CLIENT_SECRET_PREVIOUS, and CLIENT_ID_PREVIOUS if the client_id changes too).',
    );
    this.name = 'KeyFromConfigurationError';
  }
}

/**
 * `npm run key:reset`: revokes every API key and its access tokens and creates a new pair, for a store whose
 * generated key was lost. It opens the database as the server does (migrating it first when needed); a PGlite
 * data directory must not be in use by a running server, which owns it.
 */
export async function resetApiKey(config: AppConfig, log: (msg: string) => void): Promise<{ created: KeyPair; revoked: string[]; database: string }> {
  if (configuredKeys(config.auth).length) throw new KeyFromConfigurationError();
  const prisma = new PrismaService(config, createRootLogger('warn'), new DatabasePools());
  const database = describeDatabase(prisma.options);
  log(`Resetting the API key of ${database}`);
  try {
    await prisma.onModuleInit();
    const result = await new ApiKeys(prisma, new ApiClientsRepository(prisma)).reset();
    return { ...result, database };
  } finally {
    await prisma.onApplicationShutdown();
  }
}
