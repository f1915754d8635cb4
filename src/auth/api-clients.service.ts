import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { PrismaService } from '../prisma/prisma.service';
import { ApiClientsRepository } from './api-clients.repository';
import { hashSecret, randomToken, verifySecret } from './secret-hash';

/** Keeps the store's API key pair: from CLIENT_ID/CLIENT_SECRET, or generated once and printed once. */
@Injectable()
export class ApiClientsService implements OnApplicationBootstrap {
  /** Where this start's key pair came from: the environment, generated (and printed) now, or stored earlier. */
  startupKey: 'configured' | 'generated' | 'stored' = 'stored';

  constructor(
    private readonly config: AppConfig,
    private readonly clients: ApiClientsRepository,
    private readonly prisma: PrismaService,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap() {
    const { clientId, clientSecret } = this.config.auth;
    if (clientId && clientSecret) {
      await this.ensureClient(clientId, clientSecret);
      this.startupKey = 'configured';
      return;
    }
    if (await this.generateFirstClient()) this.startupKey = 'generated';
  }

  async ensureClient(clientId: string, clientSecret: string) {
    const existing = await this.clients.findByClientId(clientId);
    if (!existing) {
      await this.clients.create({ name: 'default', clientId, secretHash: await hashSecret(clientSecret) });
    } else if (!(await verifySecret(clientSecret, existing.secretHash))) {
      await this.clients.updateSecret(existing.id, await hashSecret(clientSecret));
    }
  }

  private async generateFirstClient(): Promise<boolean> {
    const clientId = randomToken(20);
    const clientSecret = randomToken(24);
    const secretHash = await hashSecret(clientSecret);
    // Replicas starting together must not each create a key pair.
    const created = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(72410001)`;
      if ((await this.clients.count(tx)) > 0) return false;
      await this.clients.create({ name: 'default', clientId, secretHash }, tx);
      return true;
    });
    if (!created) return false;
    const banner = [
      '',
      '  A new API key pair was created. It is shown only this once; store it now.',
      `    client_id:     ${clientId}`,
      `    client_secret: ${clientSecret}`,
      '  (Set CLIENT_ID and CLIENT_SECRET to choose your own.)',
      '',
    ].join('\n');
    process.stdout.write(banner + '\n');
    this.logger.info({ client_id: clientId }, 'generated a new API key pair');
    return true;
  }

  async verify(clientId: string, clientSecret: string): Promise<{ id: string } | null> {
    const client = await this.clients.findByClientId(clientId);
    if (!client) return null;
    return (await verifySecret(clientSecret, client.secretHash)) ? { id: client.id } : null;
  }

  async findClient(clientId: string): Promise<{ id: string } | null> {
    const client = await this.clients.findByClientId(clientId);
    return client ? { id: client.id } : null;
  }
}
