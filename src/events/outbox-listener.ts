import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'pg';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { AppConfig } from '../config/app-config';
import { EventsPublisher, OUTBOX_CHANNEL } from './events.publisher';

/**
 * PostgreSQL only, and only where background workers run: LISTENs on the outbox channel with a dedicated
 * connection and wakes this replica's relay whenever any replica commits an event (this one's included,
 * so while it listens, publishes do not wake the relay before their commit). A lost connection is
 * retried; meanwhile publishes wake the relay themselves and the relay's poll interval still finds
 * everything (LISTEN alone loses wake-ups).
 */
@Injectable()
export class OutboxListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private client?: Client;
  private stopping = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly events: EventsPublisher,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  onApplicationBootstrap() {
    if (this.config.workersEnabled && this.config.database.databaseUrl) void this.connect();
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.events.setListening(false);
    await client?.end().catch(() => undefined);
  }

  private async connect() {
    if (this.stopping) return;
    const client = new Client({ connectionString: this.config.database.databaseUrl });
    this.client = client;
    client.on('notification', () => this.events.notify());
    client.on('error', (err) => this.reconnect(client, err));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.client !== client) return;
      this.events.setListening(true);
      // Anything committed while we were not listening is picked up now.
      this.events.notify();
    } catch (err) {
      this.reconnect(client, err);
    }
  }

  private reconnect(client: Client, err?: unknown) {
    if (this.stopping || this.client !== client) return;
    this.client = undefined;
    // Until LISTEN is back, publishes wake the relay themselves (and the poll finds the rest).
    this.events.setListening(false);
    client.end().catch(() => undefined);
    this.logger.warn({ err, context: 'events' }, 'outbox LISTEN connection lost; retrying');
    this.retry = setTimeout(() => void this.connect(), 1_000);
  }
}
