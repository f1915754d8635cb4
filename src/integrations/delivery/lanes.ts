/** What a claim needs to know about this worker's lanes (see DeliveryLanes). */
export interface LaneSnapshot {
  /** Free lanes of an integration not listed below (nothing in flight, full lanes). */
  free: number;
  /** Integrations with no free lane: none of their jobs may be claimed now. */
  full: string[];
  /** Integrations with some, but not the default number of, free lanes: ids and free lanes (parallel arrays). */
  ids: string[];
  frees: number[];
}

/**
 * Per-integration limits on one worker's delivery slots, so that one receiver cannot take them all. A
 * receiver that never answers holds a slot for the whole WEBHOOK_TIMEOUT_MS; without limits its backlog
 * fills every slot and every other integration waits (a hanging receiver blocks everyone).
 *
 * Each integration gets lanes (jobs this worker has claimed and not yet had answered: sending, or ready
 * to send as soon as a slot is free): `share` of them (half the worker's slots, at least one), down to a
 * single lane after a failed attempt (timeout, connection error, garbage, non-2xx), doubling again with
 * each successful attempt. So other integrations always have at least half the slots; a receiver that
 * hangs or answers garbage holds half of them at most for one timeout and then a single one; a healthy
 * receiver with a backlog still gets half the slots. (With WEBHOOK_CONCURRENCY=1 there is nothing to share.)
 */
export class DeliveryLanes {
  private readonly busy = new Map<string, number>();
  /** Integrations below the share after failures, with their current lanes. */
  private readonly reduced = new Map<string, number>();

  constructor(readonly share: number) {}

  static forConcurrency(concurrency: number): DeliveryLanes {
    return new DeliveryLanes(Math.max(1, Math.floor(concurrency / 2)));
  }

  lanes(integrationId: string): number {
    return this.reduced.get(integrationId) ?? this.share;
  }

  inFlight(integrationId: string): number {
    return this.busy.get(integrationId) ?? 0;
  }

  started(integrationId: string) {
    this.busy.set(integrationId, this.inFlight(integrationId) + 1);
  }

  finished(integrationId: string) {
    const n = this.inFlight(integrationId) - 1;
    if (n > 0) this.busy.set(integrationId, n);
    else this.busy.delete(integrationId);
  }

  /** An attempt's outcome: a failure leaves the integration one lane, each success doubles its lanes back up to the share. */
  outcome(integrationId: string, ok: boolean) {
    const lanes = ok ? this.lanes(integrationId) * 2 : 1;
    if (lanes >= this.share) this.reduced.delete(integrationId);
    else this.reduced.set(integrationId, lanes);
  }

  snapshot(): LaneSnapshot {
    const snap: LaneSnapshot = { free: this.share, full: [], ids: [], frees: [] };
    for (const id of new Set([...this.busy.keys(), ...this.reduced.keys()])) {
      const free = this.lanes(id) - this.inFlight(id);
      if (free <= 0) snap.full.push(id);
      else if (free !== this.share) {
        snap.ids.push(id);
        snap.frees.push(free);
      }
    }
    return snap;
  }
}

/**
 * Whether lanes may have kept due jobs out of a claim made with `lanes`, which took jobs of the integrations
 * `claimedFor` (one id per job): an integration had no free lane, or the claim used up one's free lanes.
 */
export function heldBackByLanes(lanes: LaneSnapshot, claimedFor: string[]): boolean {
  if (lanes.full.length) return true;
  const taken = new Map<string, number>();
  for (const id of claimedFor) taken.set(id, (taken.get(id) ?? 0) + 1);
  for (const [id, n] of taken) {
    const i = lanes.ids.indexOf(id);
    if (n >= (i < 0 ? lanes.free : lanes.frees[i])) return true;
  }
  return false;
}
