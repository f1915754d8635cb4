import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Db } from '../prisma/prisma.service';
import { EventName } from './event-names';

/** `{data, included?}` as GET returns the resource, or `{type, id}` for a deletion. */
export type EventPayload = { data: unknown; included?: Record<string, unknown[]> } | { type: string; id: string };

/** PostgreSQL channel notified (at commit) whenever an outbox event is written. */
export const OUTBOX_CHANNEL = 'commerce_outbox';

/**
 * The only way a module publishes an event: an outbox row written with the caller's transaction client,
 * so the event exists if and only if the change that caused it committed.
 */
@Injectable()
export class EventsPublisher {
  private readonly listeners = new Set<() => void>();

  constructor(@Optional() private readonly config?: AppConfig) {}

  /** One event, or several events of the same change sharing one payload (e.g. `order.paid` + `order.updated`). */
  async publish(db: Db, name: EventName | EventName[], payload: EventPayload): Promise<void> {
    const names = Array.isArray(name) ? name : [name];
    if (names.length === 0) return;
    await db.outboxEvent.createMany({ data: names.map((n) => ({ name: n, payload: payload as object })) });
    // On PostgreSQL, NOTIFY is transactional: it is delivered to every listening replica only when (and
    // if) the caller's transaction commits, which is exactly when the relay can see the rows.
    if (this.config?.database.databaseUrl) await db.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, ${names.join(',')})`;
    this.notify();
  }

  /**
   * Called soon after each publish in this process (possibly before its transaction commits), and on
   * PostgreSQL after any replica's commit (see OutboxListener), so a relay can wake without its poll.
   */
  onPublished(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Wakes the listeners (also used by OutboxListener for other replicas' commits). */
  notify() {
    for (const listener of this.listeners) setImmediate(listener);
  }
}
