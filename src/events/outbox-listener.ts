import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ListenConnection } from '../common/database/listen-connection';
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
  private connection?: ListenConnection;

  constructor(
    private readonly config: AppConfig,
    private readonly events: EventsPublisher,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  onApplicationBootstrap() {
    const url = this.config.database.databaseUrl;
    if (!this.config.workersEnabled || !url) return;
    this.connection = new ListenConnection(
      url,
      OUTBOX_CHANNEL,
      {
        onListening: () => {
          this.events.setListening(true);
          // Anything committed while we were not listening is picked up now.
          this.events.notify();
        },
        onNotification: () => this.events.notify(),
        // Until LISTEN is back, publishes wake the relay themselves (and the poll finds the rest).
        onLost: () => this.events.setListening(false),
      },
      this.logger,
    );
    this.connection.start();
  }

  async beforeApplicationShutdown() {
    this.events.setListening(false);
    await this.connection?.stop();
  }
}
