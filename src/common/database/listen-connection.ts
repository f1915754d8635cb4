import { Client } from 'pg';
import type { RootLogger } from '../logging/logging.module';

export interface ListenHandlers {
  /** LISTEN is in place (first time, or again after a loss): anything committed meanwhile was missed. */
  onListening(): void;
  /** A NOTIFY on the channel, with its payload ('' when it carried none). */
  onNotification(payload: string): void;
  /** The connection failed or dropped; notifications are lost until onListening() is called again. */
  onLost?(): void;
}

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel, reconnecting after a second when it is
 * lost. NOTIFY from any session (any replica) arrives here after its transaction commits.
 */
export class ListenConnection {
  private client?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly handlers: ListenHandlers,
    private readonly logger: RootLogger,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect() {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.databaseUrl });
    this.client = client;
    client.on('notification', (message) => this.handlers.onNotification(message.payload ?? ''));
    client.on('error', (err) => this.reconnect(client, err));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.client === client) this.handlers.onListening();
    } catch (err) {
      this.reconnect(client, err);
    }
  }

  private reconnect(client: Client, err?: unknown) {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.handlers.onLost?.();
    client.end().catch(() => undefined);
    this.logger.warn({ err, channel: this.channel }, 'LISTEN connection lost; retrying');
    this.retry = setTimeout(() => void this.connect(), 1_000);
  }
}
