import { Injectable } from '@nestjs/common';
import { Db } from '../../prisma/prisma.service';

/**
 * Integrations as the delivery pipeline judges them: those whose receivers keep failing, and turning one off.
 * Statements run in the caller's transaction.
 */
@Injectable()
export class IntegrationHealthRepository {
  /**
   * Locks (SKIP LOCKED: another replica checks the others) the enabled integrations whose every attempt failed
   * for `periodMs`: the last attempt before the period failed, none in it succeeded, and one was made at least
   * `spanMs` into it (so one old failure followed by silence is not enough); unchanged during the period (a
   * user who re-enables or edits an integration gives it a new period).
   */
  async lockFailingIntegrations(tx: Db, periodMs: number, spanMs: number): Promise<string[]> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      WITH period AS (
        SELECT now() - ${periodMs}::float8 * interval '1 millisecond' AS since,
               now() - ${periodMs - spanMs}::float8 * interval '1 millisecond' AS late
      )
      SELECT i.id::text AS id FROM integrations i, period p
      WHERE i.enabled
        AND i.updated_at <= p.since
        AND (SELECT l.succeeded FROM integration_logs l
             WHERE l.integration_id = i.id AND l.created_at <= p.since ORDER BY l.created_at DESC LIMIT 1) = false
        AND NOT EXISTS (SELECT 1 FROM integration_logs l WHERE l.integration_id = i.id AND l.created_at > p.since AND l.succeeded)
        AND EXISTS (SELECT 1 FROM integration_logs l WHERE l.integration_id = i.id AND l.created_at >= p.late)
      FOR UPDATE OF i SKIP LOCKED`;
    return rows.map((r) => r.id);
  }

  /** Turns the integration off (its deliveries stop: jobs of a disabled integration are discarded). */
  disable(id: string, db: Db) {
    return db.integration.update({ where: { id }, data: { enabled: false } });
  }
}
