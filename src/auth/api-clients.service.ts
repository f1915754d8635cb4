import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { PrismaService } from '../prisma/prisma.service';
import { ApiClientsRepository } from './api-clients.repository';
import { ApiKeys, configuredKeys } from './api-keys';
import { verifySecret } from './secret-hash';

/**
 * Keeps the store's API keys: at every start they are made to match the configuration — CLIENT_ID/
 * CLIENT_SECRET (and CLIENT_ID_PREVIOUS/CLIENT_SECRET_PREVIOUS while rotating), or a pair generated on the
 * first start and printed once — and any other key is revoked with its tokens.
 */
@Injectable()
export class ApiClientsService implements OnApplicationBootstrap {
  private readonly keys: ApiKeys;
  /** Where this start's key pair came from: the environment, generated (and printed) now, or stored earlier. */
  startupKey: 'configured' | 'generated' | 'stored' = 'stored';

  constructor(
    private readonly config: AppConfig,
    private readonly clients: ApiClientsRepository,
    prisma: PrismaService,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {
    this.keys = new ApiKeys(prisma, clients);
  }

  async onApplicationBootstrap() {
    const configured = configuredKeys(this.config.auth);
    if (configured.length) {
      this.logRevoked(await this.keys.applyConfigured(configured));
      this.startupKey = 'configured';
      return;
    }
    const { created, revoked } = await this.keys.ensureGenerated();
    this.logRevoked(revoked);
    if (created) {
      this.startupKey = 'generated';
      const banner = [
        '',
        '  A new API key pair was created. It is shown only this once; store it now.',
        `    client_id:     ${created.clientId}`,
        `    client_secret: ${created.clientSecret}`,
        '  (Set CLIENT_ID and CLIENT_SECRET to choose your own; `npm run key:reset` replaces a lost one.)',
        '',
      ].join('\n');
      process.stdout.write(banner + '\n');
      this.logger.info({ client_id: created.clientId }, 'generated a new API key pair');
    }
  }

  private logRevoked(clientIds: string[]) {
    if (clientIds.length) this.logger.warn({ client_ids: clientIds }, 'revoked API keys the configuration no longer names, and their access tokens');
  }

  /** The key with this client_id and secret (during a rotation one client_id may have two secrets). */
  async verify(clientId: string, clientSecret: string): Promise<{ id: string } | null> {
    for (const client of await this.clients.findByClientId(clientId)) {
      if (await verifySecret(clientSecret, client.secretHash)) return { id: client.id };
    }
    return null;
  }

  /** For implicit tokens, which name only the client_id: the key in use first. */
  async findClient(clientId: string): Promise<{ id: string } | null> {
    const [client] = await this.clients.findByClientId(clientId);
    return client ? { id: client.id } : null;
  }
}
