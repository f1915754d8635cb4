import { CircuitBreakers, CLOSE_AFTER_SUCCESSES, FAILURE_RATE_WINDOW_MS } from './circuit-breakers';

describe('CircuitBreakers', () => {
  let now = 0;
  const breakers = () => new CircuitBreakers({ failures: 3, cooldownMs: 1_000 }, () => now);
  beforeEach(() => (now = 1_000_000));

  it('opens after `failures` failed attempts in a row, for the cool-down; a success before that starts the count again', () => {
    const b = breakers();
    expect(b.record('a', false)).toBeUndefined();
    expect(b.record('a', false)).toBeUndefined();
    expect(b.record('a', true)).toBeUndefined();
    expect(b.record('a', false)).toBeUndefined();
    expect(b.record('a', false)).toBeUndefined();
    expect(b.isOpen('a')).toBe(false);
    expect(b.record('a', false)).toBe('opened');
    expect(b.isOpen('a')).toBe(true);
    expect(b.isHalfOpen('a')).toBe(false);
    expect(b.tripped()).toEqual(['a']);
    expect(b.isOpen('b')).toBe(false);
    now += 999;
    expect(b.isOpen('a')).toBe(true);
    now += 1;
    expect(b.isOpen('a')).toBe(false);
    expect(b.isHalfOpen('a')).toBe(true);
    expect(b.tripped()).toEqual(['a']);
  });

  it('half-open: a failed probe opens it again; CLOSE_AFTER_SUCCESSES successes in a row close it', () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.record('a', false);
    now += 1_000;
    expect(b.record('a', false)).toBe('opened');
    expect(b.isOpen('a')).toBe(true);
    now += 1_000;
    for (let i = 1; i < CLOSE_AFTER_SUCCESSES; i++) expect(b.record('a', true)).toBeUndefined();
    expect(b.isHalfOpen('a')).toBe(true);
    expect(b.record('a', true)).toBe('closed');
    expect(b.isHalfOpen('a')).toBe(false);
    expect(b.tripped()).toEqual([]);
    // Closed again: it takes `failures` failures in a row to open it.
    expect(b.record('a', false)).toBeUndefined();
    expect(b.isOpen('a')).toBe(false);
  });

  it('a failure among the probes starts their count again', () => {
    const b = breakers();
    for (let i = 0; i < 3; i++) b.record('a', false);
    now += 1_000;
    for (let i = 1; i < CLOSE_AFTER_SUCCESSES; i++) b.record('a', true);
    b.record('a', false);
    now += 1_000;
    for (let i = 1; i < CLOSE_AFTER_SUCCESSES; i++) expect(b.record('a', true)).toBeUndefined();
    expect(b.record('a', true)).toBe('closed');
  });

  it('forgets a circuit that is not open after an hour without attempts; never an open one', () => {
    const b = new CircuitBreakers({ failures: 2, cooldownMs: 2 * 60 * 60 * 1000 }, () => now);
    b.record('counting', false);
    b.record('open', false);
    b.record('open', false);
    now += 60 * 60 * 1000 + 1;
    expect(b.tripped()).toEqual(['open']);
    expect(b.record('counting', false)).toBeUndefined(); // the count started again: one failure
    now += 60 * 60 * 1000;
    expect(b.isHalfOpen('open')).toBe(true);
    now += 60 * 60 * 1000 + 1;
    expect(b.tripped()).toEqual([]);
  });

  it('also opens when 70 % of at least 10 attempts in the last 5 minutes failed, though never 10 in a row', () => {
    const b = new CircuitBreakers({ failures: 10, cooldownMs: 1_000 }, () => now);
    const pattern = [true, false, false, false, true, false, false, false, true];
    for (const ok of pattern) {
      expect(b.record('a', ok)).toBeUndefined();
      now += 1_000;
    }
    expect(b.record('a', false)).toBe('opened'); // the tenth attempt: 7 of 10 failed
    expect(b.isOpen('a')).toBe(true);
  });

  it('counts successes before the failures, and only the last 5 minutes, for the failure rate', () => {
    const b = new CircuitBreakers({ failures: 10, cooldownMs: 1_000 }, () => now);
    for (let i = 0; i < 10; i++) expect(b.record('a', true)).toBeUndefined();
    for (let i = 0; i < 9; i++) expect(b.record('a', false)).toBeUndefined(); // 9 of 19
    expect(b.record('a', true)).toBeUndefined();
    expect(b.tripped()).toEqual([]);
    now += FAILURE_RATE_WINDOW_MS + 1;
    now += FAILURE_RATE_WINDOW_MS + 1;
    // The old attempts are out of the window: 3 of 4 recent attempts failed, too few attempts.
    for (const ok of [false, true, false, false]) expect(b.record('a', ok)).toBeUndefined();
    expect(b.isOpen('a')).toBe(false);
  });

  it('is off with failures 0', () => {
    const b = new CircuitBreakers({ failures: 0, cooldownMs: 1_000 }, () => now);
    for (let i = 0; i < 100; i++) expect(b.record('a', false)).toBeUndefined();
    expect(b.isOpen('a')).toBe(false);
    expect(b.isHalfOpen('a')).toBe(false);
    expect(b.tripped()).toEqual([]);
  });
});
