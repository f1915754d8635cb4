/** Successful probes in a row that close an integration's circuit again (docs/webhook-delivery.md, "Retries"). */
export const CLOSE_AFTER_SUCCESSES = 5;

/** The failure-rate rule (Convoy's defaults): at least this share of failures… */
export const FAILURE_RATE = 0.7;
/** …over at least this many attempts… */
export const FAILURE_RATE_MIN_ATTEMPTS = 10;
/** …in this long a window (counted in WINDOW_SLICES slices) also opens the circuit. */
export const FAILURE_RATE_WINDOW_MS = 5 * 60 * 1000;
const WINDOW_SLICES = 10;

/** An integration with no attempt for this long, and not open, is forgotten (it has nothing due, or is gone). */
const FORGET_AFTER_MS = 60 * 60 * 1000;
/** How often at most `tripped()`, which every claim calls, also looks for integrations to forget. */
const PRUNE_EVERY_MS = 60 * 1000;

export interface BreakerSettings {
  /** Failed attempts in a row that open an integration's circuit; 0: no breaker at all. */
  failures: number;
  /** How long an open circuit holds the integration's deliveries before one probe may go. */
  cooldownMs: number;
}

/** What an attempt's outcome did to its integration's circuit, if anything. */
export type CircuitChange = 'opened' | 'closed' | undefined;

interface Slice {
  start: number;
  ok: number;
  failed: number;
}

interface BreakerState {
  /** Failed attempts in a row. */
  failures: number;
  /** Open or half-open (not closed). */
  tripped: boolean;
  /** Epoch ms; in the past while tripped: half-open. */
  openUntil: number;
  /** Successful probes since the circuit last opened. */
  probes: number;
  /** Epoch ms of the last attempt counted. */
  lastAt: number;
  /** Attempts in the failure-rate window, oldest slice first. */
  window: Slice[];
}

/**
 * One worker's circuit breakers, per integration (docs/webhook-delivery.md, "Retries"): after `failures` failed attempts in a
 * row, or FAILURE_RATE of at least FAILURE_RATE_MIN_ATTEMPTS attempts failed in FAILURE_RATE_WINDOW_MS, the
 * circuit opens, and the integration's due jobs stay in the queue, their attempts unspent, for
 * `cooldownMs`. Then it is half-open: one delivery at a time, a failure opens it again, and
 * CLOSE_AFTER_SUCCESSES successes in a row close it. Kept per process, like the lanes: each replica
 * opens its own circuit after seeing the failures itself.
 */
export class CircuitBreakers {
  private readonly states = new Map<string, BreakerState>();
  /** The integrations whose state is `tripped`, so that a claim need not look through every state. */
  private readonly trippedIds = new Set<string>();
  private pruneAt = 0;

  constructor(
    private readonly settings: BreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt's outcome; says when it opened the circuit (again) or closed it. */
  record(integrationId: string, ok: boolean): CircuitChange {
    if (this.settings.failures === 0) return undefined;
    let state = this.states.get(integrationId);
    if (!state) this.states.set(integrationId, (state = { failures: 0, tripped: false, openUntil: 0, probes: 0, lastAt: 0, window: [] }));
    const now = this.now();
    state.lastAt = now;
    if (state.tripped) return ok ? this.probed(integrationId, state) : this.open(integrationId, state, now);
    this.count(state, ok, now);
    if (ok) {
      state.failures = 0;
      return undefined;
    }
    state.failures++;
    return state.failures >= this.settings.failures || this.failingMostly(state) ? this.open(integrationId, state, now) : undefined;
  }

  /** The lanes the integration's circuit allows: 0 while open, 1 while half-open (a probe), undefined while closed. */
  circuitLanes(integrationId: string): 0 | 1 | undefined {
    const state = this.states.get(integrationId);
    if (!state?.tripped) return undefined;
    return state.openUntil > this.now() ? 0 : 1;
  }

  /** Open: none of the integration's jobs may be claimed. */
  isOpen(integrationId: string): boolean {
    return this.circuitLanes(integrationId) === 0;
  }

  /** Half-open: one delivery at a time, as a probe. */
  isHalfOpen(integrationId: string): boolean {
    return this.circuitLanes(integrationId) === 1;
  }

  /**
   * The integrations whose circuit is open or half-open now. At most once every PRUNE_EVERY_MS it also forgets
   * those without an attempt for FORGET_AFTER_MS that are not open.
   */
  tripped(): string[] {
    const now = this.now();
    if (now >= this.pruneAt) {
      this.pruneAt = now + PRUNE_EVERY_MS;
      for (const [id, state] of this.states) {
        if (state.openUntil <= now && now - state.lastAt > FORGET_AFTER_MS) this.forget(id);
      }
    }
    return [...this.trippedIds];
  }

  private open(integrationId: string, state: BreakerState, now: number): CircuitChange {
    state.tripped = true;
    this.trippedIds.add(integrationId);
    state.probes = 0;
    state.openUntil = now + this.settings.cooldownMs;
    return 'opened';
  }

  private probed(integrationId: string, state: BreakerState): CircuitChange {
    if (++state.probes < CLOSE_AFTER_SUCCESSES) return undefined;
    this.forget(integrationId); // closed, with its failures forgotten
    return 'closed';
  }

  private forget(integrationId: string) {
    this.states.delete(integrationId);
    this.trippedIds.delete(integrationId);
  }

  private count(state: BreakerState, ok: boolean, now: number) {
    const sliceMs = FAILURE_RATE_WINDOW_MS / WINDOW_SLICES;
    while (state.window.length && state.window[0].start <= now - FAILURE_RATE_WINDOW_MS) state.window.shift();
    let slice = state.window[state.window.length - 1];
    if (!slice || now - slice.start >= sliceMs) state.window.push((slice = { start: now, ok: 0, failed: 0 }));
    if (ok) slice.ok++;
    else slice.failed++;
  }

  private failingMostly(state: BreakerState): boolean {
    let ok = 0;
    let failed = 0;
    for (const slice of state.window) {
      ok += slice.ok;
      failed += slice.failed;
    }
    return ok + failed >= FAILURE_RATE_MIN_ATTEMPTS && failed >= FAILURE_RATE * (ok + failed);
  }
}
