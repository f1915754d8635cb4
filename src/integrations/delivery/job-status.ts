/**
 * A delivery job's status (the `status` column of `integration_jobs`): `pending` → `in_flight` (claimed, leased)
 * → `succeeded`, or `retrying` (due again later) → …, or `failed` (retries spent); `discarded`: never sent (the
 * integration was disabled). The claim and recording SQL in jobs.repository.ts spells the same words.
 */
export const JOB_STATUSES = ['pending', 'in_flight', 'retrying', 'succeeded', 'failed', 'discarded'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Waiting for `next_attempt_at`. */
export const WAITING_JOB_STATUSES = ['pending', 'retrying'] as const satisfies readonly JobStatus[];

/** Ended: redeliver may start such a job again; retention deletes it once old. */
export const FINISHED_JOB_STATUSES = ['succeeded', 'failed', 'discarded'] as const satisfies readonly JobStatus[];

/** Ended without a delivery: what recover starts again. */
export const UNDELIVERED_JOB_STATUSES = ['failed', 'discarded'] as const satisfies readonly JobStatus[];

export function isWaiting(status: string): boolean {
  return (WAITING_JOB_STATUSES as readonly string[]).includes(status);
}
