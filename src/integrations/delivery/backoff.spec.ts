import { delayBeforeAttempt, MAX_DELAY_SECONDS } from './backoff';

describe('delayBeforeAttempt', () => {
  const schedule = [0, 5, 300];
  it('reads entry i as the delay before attempt i+1 and stops after the last', () => {
    expect(delayBeforeAttempt(schedule, 1)).toBe(0);
    expect(delayBeforeAttempt(schedule, 2, undefined, () => 0.5)).toBeCloseTo(5);
    expect(delayBeforeAttempt(schedule, 4)).toBeNull();
  });
  it('adds ±20 % jitter to non-zero delays only', () => {
    expect(delayBeforeAttempt(schedule, 3, undefined, () => 0)).toBeCloseTo(240);
    expect(delayBeforeAttempt(schedule, 3, undefined, () => 1)).toBeCloseTo(360);
    expect(delayBeforeAttempt([0, 0], 2, undefined, () => 1)).toBe(0);
  });
  it('honours Retry-After as a floor, capped at 24 h', () => {
    expect(delayBeforeAttempt(schedule, 2, 60, () => 0.5)).toBe(60);
    expect(delayBeforeAttempt(schedule, 2, 1, () => 0.5)).toBeCloseTo(5);
    expect(delayBeforeAttempt(schedule, 2, 10 * MAX_DELAY_SECONDS)).toBe(MAX_DELAY_SECONDS);
  });
});
