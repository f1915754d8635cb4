import type { RuleShape } from './rule-shape';
import { bySimilarity, similarityScore } from './rule-similarity';

function shape(over: Partial<RuleShape> = {}): RuleShape {
  return { channels: [], tags: [], customerIds: [], accountIds: [], accountTagIds: [], pricebookIds: [], schedules: [], ...over };
}

const JAN = { valid_from: '2026-01-01T00:00:00.000Z', valid_to: '2026-01-31T00:00:00.000Z' };
const FEB = { valid_from: '2026-02-01T00:00:00.000Z', valid_to: '2026-02-28T00:00:00.000Z' };
const MAR = { valid_from: '2026-03-01T00:00:00.000Z', valid_to: null };

describe('catalog rule similarity', () => {
  it('scores each shared criterion with its weight', () => {
    const supplied = shape({ name: 'spring', catalogId: 'cat-1' });
    expect(similarityScore(shape({ name: 'spring', catalogId: 'cat-2' }), supplied)).toBe(100);
    expect(similarityScore(shape({ name: 'Spring', catalogId: 'cat-1' }), supplied)).toBe(3);
    expect(similarityScore(shape({ accountIds: ['a1', 'a2', 'a3'] }), shape({ accountIds: ['a1', 'a3'] }))).toBe(10);
    expect(similarityScore(shape({ customerIds: ['c1'] }), shape({ customerIds: ['c1', 'c2'] }))).toBe(5);
    expect(similarityScore(shape({ channels: ['web', 'app'] }), shape({ channels: ['app', 'web'] }))).toBe(10);
    expect(similarityScore(shape({ tags: ['vip'] }), shape({ tags: ['vip'] }))).toBe(5);
    expect(similarityScore(shape({ pricebookIds: ['b1', 'b2'] }), shape({ pricebookIds: ['b2', 'b3'] }))).toBe(2);
  });

  it('adds the criteria up: all of them shared', () => {
    const all = shape({ name: 'r', catalogId: 'c', accountIds: ['a'], customerIds: ['u'], channels: ['web'], tags: ['t'], pricebookIds: ['b'], schedules: [JAN] });
    expect(similarityScore(all, all)).toBe(100 + 3 + 5 + 5 + 5 + 5 + 2 + 2);
  });

  it('counts a value the rule names twice once, and account tags not at all', () => {
    expect(similarityScore(shape({ channels: ['web', 'web'] }), shape({ channels: ['web'] }))).toBe(5);
    expect(similarityScore(shape({ accountTagIds: ['t1'] }), shape({ accountTagIds: ['t1'] }))).toBe(0);
  });

  it('earns 2 per schedule of the rule that overlaps a supplied one (ends included, open ends unbounded)', () => {
    const rule = shape({ schedules: [JAN, FEB, MAR] });
    expect(similarityScore(rule, shape({ schedules: [{ valid_from: '2026-01-31T00:00:00.000Z', valid_to: '2026-02-01T00:00:00.000Z' }] }))).toBe(4);
    expect(similarityScore(rule, shape({ schedules: [{ valid_from: '2027-01-01T00:00:00.000Z' }] }))).toBe(2);
    expect(similarityScore(rule, shape({ schedules: [{ valid_to: '2025-12-31T23:59:59.999Z' }] }))).toBe(0);
    // A rule or a request without schedules has none to share.
    expect(similarityScore(shape(), shape({ schedules: [JAN] }))).toBe(0);
    expect(similarityScore(rule, shape())).toBe(0);
  });

  it('nothing shared scores 0; an empty request shares nothing', () => {
    expect(similarityScore(shape({ name: 'a', channels: ['web'] }), shape({ name: 'b', channels: ['app'] }))).toBe(0);
    expect(similarityScore(shape({ name: 'a', catalogId: 'c', channels: ['web'] }), shape())).toBe(0);
  });

  it('orders by score, highest first, keeps the given order on a tie, and leaves out rules scoring 0', () => {
    const rules = [
      { id: 'old-tag', s: shape({ tags: ['vip'] }) },
      { id: 'none', s: shape({ tags: ['other'] }) },
      { id: 'name', s: shape({ name: 'x' }) },
      { id: 'new-tag', s: shape({ tags: ['vip'] }) },
      { id: 'two', s: shape({ tags: ['vip'], channels: ['web'] }) },
    ];
    const ranked = bySimilarity(rules, shape({ name: 'x', tags: ['vip'], channels: ['web'] }), (r) => r.s);
    expect(ranked.map((r) => [r.rule.id, r.score])).toEqual([
      ['name', 100],
      ['two', 10],
      ['old-tag', 5],
      ['new-tag', 5],
    ]);
  });
});
