import { isScheduledAt, MatchableRule, pickRule, ruleScore } from './rule-matching';

let n = 0;
function rule(over: Partial<MatchableRule> = {}): MatchableRule {
  n++;
  return { id: `rule-${n}`, catalogId: `catalog-${n}`, channels: [], tags: [], customerIds: [], accountIds: [], schedules: null, createdAt: new Date(Date.UTC(2026, 0, n)), ...over };
}

const NOW = new Date('2026-06-01T12:00:00Z');

describe('catalog rule matching', () => {
  it('a rule naming channels matches only those channels and scores one; an empty list matches anything and scores nothing', () => {
    const web = rule({ channels: ['web'] });
    expect(ruleScore(web, { channel: 'web' })).toBe(1);
    expect(ruleScore(web, { channel: 'app' })).toBeNull();
    expect(ruleScore(web, {})).toBeNull();
    expect(ruleScore(rule(), { channel: 'web', tag: 'vip' })).toBe(0);
  });

  it('tags and shoppers (customer or account) are criteria of their own', () => {
    const r = rule({ tags: ['vip'], customerIds: ['c1'], accountIds: ['a1'] });
    expect(ruleScore(r, { tag: 'vip', customerId: 'c1' })).toBe(2);
    expect(ruleScore(r, { tag: 'vip', accountId: 'a1' })).toBe(2);
    expect(ruleScore(r, { tag: 'vip', customerId: 'c2' })).toBeNull();
    expect(ruleScore(r, { customerId: 'c1' })).toBeNull();
  });

  it('the rule matching most criteria wins, the oldest on a tie', () => {
    const any = rule();
    const web = rule({ channels: ['web'] });
    const webVip = rule({ channels: ['web'], tags: ['vip'] });
    const webToo = rule({ channels: ['web', 'app'] });
    const rules = [webToo, webVip, any, web];
    expect(pickRule(rules, { channel: 'web', tag: 'vip' }, NOW)).toBe(webVip);
    expect(pickRule(rules, { channel: 'web' }, NOW)).toBe(web);
    expect(pickRule(rules, { channel: 'app' }, NOW)).toBe(webToo);
    expect(pickRule(rules, {}, NOW)).toBe(any);
    expect(pickRule([web], {}, NOW)).toBeNull();
  });

  it('skips rules out of schedule and rules whose catalog is not published', () => {
    const past = rule({ channels: ['web'], schedules: [{ valid_from: '2026-01-01T00:00:00Z', valid_to: '2026-02-01T00:00:00Z' }] });
    const current = rule({ schedules: [{ valid_from: '2026-05-01T00:00:00Z', valid_to: null }] });
    const unpublished = rule({ channels: ['web'], tags: ['vip'] });
    expect(pickRule([past, current, unpublished], { channel: 'web', tag: 'vip' }, NOW, (id) => id !== unpublished.catalogId)).toBe(current);
    expect(pickRule([past], { channel: 'web' }, new Date('2026-01-15T00:00:00Z'))).toBe(past);
  });

  it('a schedule includes both its ends; open ends are unbounded; a rule with no schedules is always on', () => {
    const at = (iso: string) => new Date(iso);
    const s = { schedules: [{ valid_from: '2026-01-01T00:00:00.000Z', valid_to: '2026-01-31T00:00:00.000Z' }] };
    expect(isScheduledAt(s, at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isScheduledAt(s, at('2026-01-31T00:00:00Z'))).toBe(true);
    expect(isScheduledAt(s, at('2026-01-31T00:00:00.001Z'))).toBe(false);
    expect(isScheduledAt({ schedules: [{ valid_to: '2026-01-01T00:00:00Z' }] }, at('1990-01-01T00:00:00Z'))).toBe(true);
    expect(isScheduledAt({ schedules: [] }, NOW)).toBe(true);
    expect(isScheduledAt({ schedules: null }, NOW)).toBe(true);
  });
});
