import { rulesConflict, sharedShopper } from './rule-conflicts';
import type { RuleSchedule } from './rule-matching';

type Shape = { channels: string[]; tags: string[]; customerIds: string[]; accountIds: string[]; schedules: RuleSchedule[] | null };
const rule = (over: Partial<Shape> = {}): Shape => ({ channels: [], tags: [], customerIds: [], accountIds: [], schedules: null, ...over });

const JAN = { valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-01-31T00:00:00Z' };
const FEB = { valid_from: '2026-02-01T00:00:00Z', valid_to: '2026-02-28T00:00:00Z' };

describe('catalog rule conflicts', () => {
  it('rules for the same shopper, on at the same time, conflict', () => {
    expect(rulesConflict(rule({ channels: ['web'] }), rule({ channels: ['web'] }))).toBe(true);
    expect(rulesConflict(rule({ channels: ['web', 'app'] }), rule({ channels: ['app'] }))).toBe(true);
    expect(rulesConflict(rule({ channels: ['web'], tags: ['vip'] }), rule({ channels: ['web'], tags: ['vip', 'gold'] }))).toBe(true);
    expect(rulesConflict(rule(), rule())).toBe(true);
  });

  it('rules for different channels, tags or shoppers do not', () => {
    expect(rulesConflict(rule({ channels: ['web'] }), rule({ channels: ['app'] }))).toBe(false);
    expect(rulesConflict(rule({ channels: ['web'], tags: ['vip'] }), rule({ channels: ['web'], tags: ['gold'] }))).toBe(false);
    expect(rulesConflict(rule({ customerIds: ['c1'] }), rule({ customerIds: ['c2'] }))).toBe(false);
    // A customer and an account are not the same shopper.
    expect(rulesConflict(rule({ customerIds: ['c1'] }), rule({ accountIds: ['c1'] }))).toBe(false);
    expect(rulesConflict(rule({ customerIds: ['c1'], accountIds: ['a1'] }), rule({ accountIds: ['a1'] }))).toBe(true);
  });

  it('rules whose schedules never share a moment do not; a rule with no schedules is always on', () => {
    expect(rulesConflict(rule({ channels: ['web'], schedules: [JAN] }), rule({ channels: ['web'], schedules: [FEB] }))).toBe(false);
    expect(rulesConflict(rule({ channels: ['web'], schedules: [JAN] }), rule({ channels: ['web'], schedules: [{ valid_from: '2026-01-31T00:00:00Z' }] }))).toBe(true);
    expect(rulesConflict(rule({ channels: ['web'], schedules: [JAN] }), rule({ channels: ['web'] }))).toBe(true);
  });

  it('the rule naming more criteria wins for the shoppers both match, so it is no conflict', () => {
    expect(rulesConflict(rule({ channels: ['web'] }), rule({ channels: ['web'], tags: ['vip'] }))).toBe(false);
    expect(rulesConflict(rule(), rule({ channels: ['web'] }))).toBe(false);
  });

  it('rules naming as many criteria, different ones, tie for the shopper both match', () => {
    // A shopper on web with the tag vip is matched by both, one criterion each: the oldest would win.
    expect(rulesConflict(rule({ channels: ['web'] }), rule({ tags: ['vip'] }))).toBe(true);
    expect(rulesConflict(rule({ channels: ['web'] }), rule({ customerIds: ['c1'] }))).toBe(true);
  });

  it('the shopper both rules match takes a shared value, or the one rule that names a criterion', () => {
    expect(sharedShopper(rule({ channels: ['web', 'app'], customerIds: ['c1'] }), rule({ channels: ['app'], tags: ['vip'] }))).toEqual({ channel: 'app', tag: 'vip', customerId: 'c1' });
    expect(sharedShopper(rule({ accountIds: ['a1', 'a2'] }), rule({ accountIds: ['a2'] }))).toEqual({ accountId: 'a2' });
    expect(sharedShopper(rule({ tags: ['vip'] }), rule({ tags: ['gold'] }))).toBeNull();
  });
});
