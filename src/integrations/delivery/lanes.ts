import { CircuitBreakers, CircuitChange } from './circuit-breakers';

/** What a claim needs to know about this worker's lanes (see DeliveryLanes). */
export interface LaneSnapshot {
  /** Free lanes of an integration not listed below (nothing in flight, full lanes). */
  free: number;
  /** Integrations with no free lane: none of their jobs may be claimed now. */
  full: string[];
  /** Integrations with some, but not the default number of, free lanes: ids, free lanes, in flight (parallel arrays). */
  ids: string[];
  frees: number[];
  /** Jobs of each of `ids` this worker has claimed and not yet had answered: the claim checks `max_concurrency` with them. */
  busy: number[];
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
 * An integration's `configuration.max_concurrency` lowers its lanes further (see claimJobs), and its circuit
 * breaker (circuit-breakers.ts) takes them all while open and leaves one while half-open.
 */
export class DeliveryLanes {
  private readonly busy = new Map<string, number>();
  /** Integrations below the share after failures, with their current lanes. */
  private readonly reduced = new Map<string, number>();
  /**
   * Integrations with jobs in flight whose `max_concurrency` is below the share, as the last claim of one of their
   * jobs read it. Only to keep one out of claims while it has that many in flight: the claim statement applies
   * the current value.
   */
  private readonly caps = new Map<string, number>();

  constructor(
    readonly share: number,
    private readonly breakers?: CircuitBreakers,
  ) {}

  static forConcurrency(concurrency: number, breakers?: CircuitBreakers): DeliveryLanes {
    return new DeliveryLanes(Math.max(1, Math.floor(concurrency / 2)), breakers);
  }

  lanes(integrationId: string): number {
    return this.heldToCap(integrationId, this.ownLanes(integrationId));
  }

  /** `own` lanes held to the integration's `max_concurrency`, as the last claim read it. */
  private heldToCap(integrationId: string, own: number): number {
    return Math.min(own, this.caps.get(integrationId) ?? this.share);
  }

  /** Lanes before `max_concurrency`: none while the circuit is open, one while half-open, else after failures. */
  private ownLanes(integrationId: string): number {
    return this.breakers?.circuitLanes(integrationId) ?? this.reduced.get(integrationId) ?? this.share;
  }

  /** The integration's `max_concurrency` as a claim just read it (null: none). */
  capped(integrationId: string, maxConcurrency: number | null) {
    if (maxConcurrency !== null && maxConcurrency < this.share) this.caps.set(integrationId, maxConcurrency);
    else this.caps.delete(integrationId);
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
    else {
      this.busy.delete(integrationId);
      this.caps.delete(integrationId);
    }
  }

  /**
   * An attempt's outcome: a failure leaves the integration one lane, each success doubles its lanes back up to
   * the share. Says when it opened the integration's circuit (again) or closed it.
   */
  outcome(integrationId: string, ok: boolean): CircuitChange {
    const lanes = ok ? (this.reduced.get(integrationId) ?? this.share) * 2 : 1;
    if (lanes >= this.share) this.reduced.delete(integrationId);
    else this.reduced.set(integrationId, lanes);
    return this.breakers?.record(integrationId, ok);
  }

  snapshot(): LaneSnapshot {
    const snap: LaneSnapshot = { free: this.share, full: [], ids: [], frees: [], busy: [] };
    for (const id of new Set([...this.busy.keys(), ...this.reduced.keys(), ...(this.breakers?.tripped() ?? [])])) {
      const busy = this.inFlight(id);
      const own = this.ownLanes(id);
      if (busy >= this.heldToCap(id, own)) {
        snap.full.push(id);
        continue;
      }
      // Not capped here: the claim applies the integration's current max_concurrency with `busy`.
      const free = own - busy;
      if (free !== this.share) {
        snap.ids.push(id);
        snap.frees.push(free);
        snap.busy.push(busy);
      }
    }
    return snap;
  }
}

/**
 * Whether lanes may have kept due jobs out of a claim made with `lanes`, which took `claimed` (one entry per job):
 * an integration had no free lane, or the claim used up one's free lanes or what its `max_concurrency` allowed.
 */
export function heldBackByLanes(lanes: LaneSnapshot, claimed: { integration_id: string; max_concurrency: number | null }[]): boolean {
  if (lanes.full.length) return true;
  const taken = new Map<string, { n: number; max: number | null }>();
  for (const job of claimed) taken.set(job.integration_id, { n: (taken.get(job.integration_id)?.n ?? 0) + 1, max: job.max_concurrency });
  for (const [id, { n, max }] of taken) {
    const i = lanes.ids.indexOf(id);
    const free = i < 0 ? lanes.free : lanes.frees[i];
    const allowed = max === null ? free : Math.min(free, max - (i < 0 ? 0 : lanes.busy[i]));
    if (n >= allowed) return true;
  }
  return false;
}
