import type { Client } from 'pg';
import { pgDriver } from './postgres-driver';
import type { RootLogger } from '../logging/logging.module';

export interface ListenHandlers {
  /** LISTEN is in place (first time, or again after a loss): anything committed meanwhile was missed. */
  onListening(): void;
  /** A NOTIFY on the channel, with its payload ('' when it carried none). */
  onNotification(payload: string): void;
  /** The connection failed or dropped; notifications are lost until onListening() is called again. */
  onLost?(): void;
}

/** A database that delivers NOTIFY in-process (embedded PGlite): `listen` resolves to its unlisten. */
export interface InProcessChannels {
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Where to listen: a PostgreSQL URL, or the embedded database (opened when listening starts). */
export type ListenTarget = string | { inProcess: () => Promise<InProcessChannels> };

/**
 * LISTENs on one channel of either database. On PostgreSQL a dedicated connection, reconnecting after a
 * second when it is lost: NOTIFY from any session (any replica) arrives after its transaction commits.
 * Embedded PGlite calls its listeners before the committing query returns, and its listen is never lost.
 */
export class ListenConnection {
  private client?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly target: ListenTarget,
    private readonly channel: string,
    private readonly handlers: ListenHandlers,
    private readonly logger: RootLogger,
  ) {}

  /** Resolves once an embedded database listens; on PostgreSQL at once (onListening tells when it does). */
  async start(): Promise<void> {
    if (typeof this.target === 'string') void this.connect(this.target);
    else await this.listenInProcess(this.target.inProcess);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.unlisten?.().catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listenInProcess(open: () => Promise<InProcessChannels>) {
    try {
      const unlisten = await (await open()).listen(this.channel, (payload) => this.handlers.onNotification(payload ?? ''));
      if (this.stopped) return void (await unlisten().catch(() => undefined));
      this.unlisten = unlisten;
      this.handlers.onListening();
    } catch (err) {
      this.logger.error({ err, channel: this.channel }, 'LISTEN on the embedded database failed');
    }
  }

  private async connect(databaseUrl: string) {
    if (this.stopped) return;
    const client = new (pgDriver().Client)({ connectionString: databaseUrl });
    this.client = client;
    client.on('notification', (message) => this.handlers.onNotification(message.payload ?? ''));
    client.on('error', (err) => this.reconnect(databaseUrl, client, err));
    client.on('end', () => this.reconnect(databaseUrl, client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.client === client) this.handlers.onListening();
    } catch (err) {
      this.reconnect(databaseUrl, client, err);
    }
  }

  private reconnect(databaseUrl: string, client: Client, err?: unknown) {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.handlers.onLost?.();
    client.end().catch(() => undefined);
    this.logger.warn({ err, channel: this.channel }, 'LISTEN connection lost; retrying');
    this.retry = setTimeout(() => void this.connect(databaseUrl), 1_000);
  }
}
