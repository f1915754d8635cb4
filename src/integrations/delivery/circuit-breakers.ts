/** Successful probes in a row that close an integration's circuit again (WEBHOOKS.md §8.4). */
export const CLOSE_AFTER_SUCCESSES = 5;

/** A circuit with no attempt for this long, and not open, is forgotten (its integration has nothing due, or is gone). */
const FORGET_AFTER_MS = 60 * 60 * 1000;

export interface BreakerSettings {
  /** Failed attempts in a row that open an integration's circuit; 0: never. */
  failures: number;
  /** How long an open circuit holds the integration's deliveries before one probe may go. */
  cooldownMs: number;
}

/** What an attempt's outcome did to its integration's circuit, if anything. */
export type CircuitChange = 'opened' | 'closed' | undefined;

interface BreakerState {
  failures: number;
  /** Epoch ms; in the past: half-open. */
  openUntil: number;
  /** Successful probes since the circuit last opened. */
  probes: number;
  /** Epoch ms of the last attempt counted. */
  lastAt: number;
}

/**
 * One worker's circuit breakers, per integration (WEBHOOKS.md §8.4): after `failures` failed attempts in a
 * row the circuit opens, and the integration's due jobs stay in the queue, their attempts unspent, for
 * `cooldownMs`. Then it is half-open: one delivery at a time, a failure opens it again, and
 * CLOSE_AFTER_SUCCESSES successes in a row close it. Kept per process, like the lanes: each replica
 * opens its own circuit after seeing the failures itself.
 */
export class CircuitBreakers {
  private readonly states = new Map<string, BreakerState>();

  constructor(
    private readonly settings: BreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt's outcome; says when it opened the circuit (again) or closed it. */
  record(integrationId: string, ok: boolean): CircuitChange {
    if (this.settings.failures === 0) return undefined;
    const state = this.states.get(integrationId);
    if (ok) {
      if (!state) return undefined;
      state.lastAt = this.now();
      if (state.failures < this.settings.failures || ++state.probes >= CLOSE_AFTER_SUCCESSES) {
        this.states.delete(integrationId);
        return state.failures < this.settings.failures ? undefined : 'closed';
      }
      return undefined;
    }
    const failing = state ?? { failures: 0, openUntil: 0, probes: 0, lastAt: 0 };
    failing.failures++;
    failing.lastAt = this.now();
    failing.probes = 0;
    this.states.set(integrationId, failing);
    if (failing.failures < this.settings.failures) return undefined;
    failing.openUntil = this.now() + this.settings.cooldownMs;
    return 'opened';
  }

  /** Open: none of the integration's jobs may be claimed. */
  isOpen(integrationId: string): boolean {
    return (this.states.get(integrationId)?.openUntil ?? 0) > this.now();
  }

  /** Half-open: one delivery at a time, as a probe. */
  isHalfOpen(integrationId: string): boolean {
    const state = this.states.get(integrationId);
    return !!state && state.failures >= this.settings.failures && state.openUntil <= this.now();
  }

  /**
   * The integrations whose circuit is open or half-open now; forgets those without an attempt for
   * FORGET_AFTER_MS that are not open.
   */
  tripped(): string[] {
    const now = this.now();
    const ids: string[] = [];
    for (const [id, state] of this.states) {
      if (state.openUntil <= now && now - state.lastAt > FORGET_AFTER_MS) this.states.delete(id);
      else if (state.failures >= this.settings.failures) ids.push(id);
    }
    return ids;
  }
}
