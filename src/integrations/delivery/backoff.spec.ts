import { delayAfterFailure, delayBeforeAttempt, MAX_DELAY_SECONDS } from './backoff';

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

describe('delayAfterFailure', () => {
  const schedule = [0, 5, 300, 1800];
  const mid = () => 0.5;
  it('follows the schedule when nothing is throttled', () => {
    expect(delayAfterFailure(schedule, { tries: 1, throttledTries: 0, throttled: false }, mid)).toBeCloseTo(5);
    expect(delayAfterFailure(schedule, { tries: 3, throttledTries: 0, throttled: false }, mid)).toBeCloseTo(1800);
    expect(delayAfterFailure(schedule, { tries: 4, throttledTries: 0, throttled: false }, mid)).toBeNull();
  });
  it('does not use up an attempt on a throttled try: waits the delay of the retry it stands in for, at least Retry-After', () => {
    expect(delayAfterFailure(schedule, { tries: 1, throttledTries: 1, throttled: true }, mid)).toBeCloseTo(5);
    expect(delayAfterFailure(schedule, { tries: 3, throttledTries: 1, throttled: true }, mid)).toBeCloseTo(300);
    expect(delayAfterFailure(schedule, { tries: 3, throttledTries: 1, throttled: true, retryAfterSeconds: 900 }, mid)).toBe(900);
    // The last scheduled attempt throttled: one more try, then a failure that ends it.
    expect(delayAfterFailure(schedule, { tries: 5, throttledTries: 2, throttled: true }, mid)).toBeCloseTo(1800);
    expect(delayAfterFailure(schedule, { tries: 6, throttledTries: 2, throttled: false }, mid)).toBeNull();
  });
  it('forgives at most schedule.length throttled tries', () => {
    expect(delayAfterFailure(schedule, { tries: 7, throttledTries: 4, throttled: true }, mid)).toBeCloseTo(1800);
    expect(delayAfterFailure(schedule, { tries: 8, throttledTries: 5, throttled: true }, mid)).toBeNull();
    expect(delayAfterFailure([0], { tries: 1, throttledTries: 1, throttled: true })).toBeNull();
  });
});
