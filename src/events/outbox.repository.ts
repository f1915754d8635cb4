import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Db } from '../prisma/prisma.service';

/**
 * The outbox after its events are written (EventsPublisher writes them): taken out by a relay, oldest first, and
 * deleted once dispatched and done with. Statements run on the caller's client (the webhook pipeline has a pool
 * of its own).
 */
@Injectable()
export class OutboxRepository {
  /**
   * Relays up to `limit` undispatched events in ONE statement (its own transaction): claims them (oldest first, FOR
   * UPDATE SKIP LOCKED, so other relays take other events), runs `relay` on them (a data-modifying statement that
   * reads the claimed events as `ev (id, name)` and returns a row per thing it made) and marks them dispatched.
   * Returns how many events it dispatched and how many rows `relay` returned. Nothing to do costs one cheap
   * statement (no BEGIN and COMMIT round trips around an empty claim).
   */
  async relay(db: Db, limit: number, relay: Prisma.Sql): Promise<{ events: number; relayed: number }> {
    const [row] = await db.$queryRaw<{ events: number; relayed: number }[]>`
      WITH ev AS (
        SELECT id, name FROM outbox_events
        WHERE dispatched_at IS NULL
        ORDER BY created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ),
      relayed AS (${relay}),
      dispatched AS (
        UPDATE outbox_events o SET dispatched_at = now() FROM ev WHERE o.id = ev.id
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM dispatched)::int AS events, (SELECT count(*) FROM relayed)::int AS relayed`;
    return { events: Number(row?.events ?? 0), relayed: Number(row?.relayed ?? 0) };
  }

  /** Deletes the events dispatched before `cutoff` that no delivery job refers to any more; returns how many. */
  async deleteDispatchedBefore(cutoff: Date, db: Db): Promise<number> {
    const { count } = await db.outboxEvent.deleteMany({ where: { dispatchedAt: { lt: cutoff }, jobs: { none: {} } } });
    return count;
  }
}
