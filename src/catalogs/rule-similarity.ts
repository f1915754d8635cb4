import { schedulesOverlap } from './rule-matching';
import type { RuleShape } from './rule-shape';

/**
 * Points each shared criterion earns an existing rule in `validate` with `match_type: similarity` (the weights
 * Elastic Path documents for its catalog rules): the same name, each account, customer, channel and tag both
 * name, the same catalog, each price book both name, and each of the rule's schedules that overlaps one supplied.
 */
export const SIMILARITY_POINTS = { name: 100, accountId: 5, customerId: 5, channel: 5, tag: 5, catalogId: 3, pricebookId: 2, schedule: 2 } as const;

/** How many distinct values of `mine` are in `theirs`. */
function shared(mine: readonly string[], theirs: readonly string[]): number {
  const wanted = new Set(theirs);
  return new Set(mine.filter((v) => wanted.has(v))).size;
}

/**
 * How similar `rule` is to `supplied`: the sum of the points of the criteria they share (OR logic: any one
 * shared criterion scores). Names compare exactly; catalog and price book ids are lower-case in both shapes.
 * Account tags earn nothing, as in Elastic Path's weights.
 */
export function similarityScore(rule: RuleShape, supplied: RuleShape): number {
  const P = SIMILARITY_POINTS;
  let score = 0;
  if (supplied.name !== undefined && rule.name === supplied.name) score += P.name;
  if (supplied.catalogId !== undefined && rule.catalogId === supplied.catalogId) score += P.catalogId;
  score += P.accountId * shared(rule.accountIds, supplied.accountIds);
  score += P.customerId * shared(rule.customerIds, supplied.customerIds);
  score += P.channel * shared(rule.channels, supplied.channels);
  score += P.tag * shared(rule.tags, supplied.tags);
  score += P.pricebookId * shared(rule.pricebookIds, supplied.pricebookIds);
  score += P.schedule * rule.schedules.filter((s) => supplied.schedules.some((t) => schedulesOverlap(s, t))).length;
  return score;
}

/**
 * The rules sharing at least one criterion with `supplied`, each with its score, highest first; rules of equal
 * score keep the order they come in (the caller passes them oldest first). Rules scoring 0 are left out.
 */
export function bySimilarity<R>(rules: readonly R[], supplied: RuleShape, shape: (rule: R) => RuleShape): { rule: R; score: number }[] {
  return rules
    .map((rule) => ({ rule, score: similarityScore(shape(rule), supplied) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score);
}
