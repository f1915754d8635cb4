import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Prisma } from '../generated/prisma/client';
import { Db } from '../prisma/prisma.service';
import { EventName } from './event-names';

/** `{data, included?}` as GET returns the resource, or `{type, id}` for a deletion. */
export type EventPayload = { data: unknown; included?: Record<string, unknown[]> } | { type: string; id: string };

/** PostgreSQL channel notified (at commit) whenever an outbox event is written. */
export const OUTBOX_CHANNEL = 'commerce_outbox';

/**
 * Told about new events. `committed` true: they are committed and visible (a NOTIFY from any replica, or a
 * publish in this process outside an interactive transaction); false: published in this process, possibly
 * before their transaction commits.
 */
export type PublishedListener = (committed: boolean) => void;

/** Whether `db` is an interactive transaction's client (it has no $connect): its writes commit later, if at all. */
function inTransaction(db: Db): boolean {
  return typeof (db as { $connect?: unknown }).$connect !== 'function';
}

/**
 * The only way a module publishes an event: an outbox row written with the caller's transaction client,
 * so the event exists if and only if the change that caused it committed.
 */
@Injectable()
export class EventsPublisher {
  private readonly listeners = new Set<PublishedListener>();
  /** True while OutboxListener's LISTEN connection is up: every commit then announces itself. */
  private listening = false;

  constructor(@Optional() private readonly config?: AppConfig) {}

  /**
   * One event, or several events of the same change sharing one payload (e.g. `order.paid` + `order.updated`):
   * one statement, the rows and (on PostgreSQL) the NOTIFY together.
   *
   * `change`, when given, is the data-modifying statement that caused the event (an INSERT, no semicolon):
   * it runs in the same statement (as a CTE), so the change and its event commit together, or neither,
   * without an interactive transaction around them.
   */
  async publish(db: Db, name: EventName | EventName[], payload: EventPayload, change?: Prisma.Sql): Promise<void> {
    const names = Array.isArray(name) ? name : [name];
    if (names.length === 0) {
      if (change) await db.$executeRaw(change);
      return;
    }
    const insert = Prisma.sql`
      INSERT INTO outbox_events (id, name, payload)
      SELECT gen_random_uuid(), n, ${JSON.stringify(payload)}::jsonb FROM unnest(${names}::text[]) AS n`;
    // On PostgreSQL, NOTIFY is transactional: it is delivered to every listening replica only when (and
    // if) the caller's transaction commits, which is exactly when the relay can see the rows.
    await db.$executeRaw(
      this.config?.database.databaseUrl
        ? Prisma.sql`WITH ${change ? Prisma.sql`change AS (${change}), ` : Prisma.empty}ev AS (${insert} RETURNING 1) SELECT pg_notify(${OUTBOX_CHANNEL}, ${names.join(',')})`
        : Prisma.sql`${change ? Prisma.sql`WITH change AS (${change}) ` : Prisma.empty}${insert}`,
    );
    // While LISTEN is up, the NOTIFY wakes the relay once the rows are visible; a wake-up now would come
    // before the commit and find nothing.
    if (!this.listening) this.notify(!inTransaction(db));
  }

  /**
   * Like publish, for a change that applies only under a condition, in one statement: `changes` are CTE
   * definitions, one of them `change AS (…)`, whose rows say whether the change applied (the others should
   * depend on it). The event is written only if `change` returned a row; answers that row (as JSON), or
   * null when it returned none.
   */
  async publishIfChanged(db: Db, name: EventName, payload: EventPayload, changes: Prisma.Sql): Promise<Record<string, unknown> | null> {
    const events = Prisma.sql`
      ev AS (
        INSERT INTO outbox_events (id, name, payload)
        SELECT gen_random_uuid(), ${name}::text, ${JSON.stringify(payload)}::jsonb WHERE EXISTS (SELECT 1 FROM change)
        RETURNING 1
      )`;
    const answer = Prisma.sql`(SELECT count(*) FROM ev)::int AS events, (SELECT to_jsonb(c) FROM change c LIMIT 1) AS change`;
    // The NOTIFY (PostgreSQL) is sent even when nothing changed: it only wakes relays that then find nothing.
    const [row] = await db.$queryRaw<{ events: number; change: Record<string, unknown> | null }[]>(
      this.config?.database.databaseUrl
        ? Prisma.sql`WITH ${changes}, ${events} SELECT ${answer} FROM (SELECT pg_notify(${OUTBOX_CHANNEL}, ${name})) AS notified`
        : Prisma.sql`WITH ${changes}, ${events} SELECT ${answer}`,
    );
    if (!row?.change || !(Number(row.events) > 0)) return null;
    if (!this.listening) this.notify(!inTransaction(db));
    return row.change;
  }

  /**
   * Called soon after each publish in this process unless the LISTEN connection is up (`committed` false
   * when it ran in an interactive transaction, which may not have committed yet), and on PostgreSQL after
   * any replica's commit (see OutboxListener), so a relay can wake without its poll.
   */
  onPublished(listener: PublishedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Wakes the listeners (also used by OutboxListener for commits, this replica's and the others'). */
  notify(committed = true) {
    for (const listener of this.listeners) setImmediate(listener, committed);
  }

  /** OutboxListener: whether its LISTEN connection is up (commits announce themselves meanwhile). */
  setListening(listening: boolean) {
    this.listening = listening;
  }
}
