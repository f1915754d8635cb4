import { FILTER_OPS, type FilterOp, type FilterValue, type ListFieldSpec, type ListFieldType, type ListResourceSpec } from './list-spec';
import { dedupe, filterError, toTypedValue } from './filter-values';


export const MAX_FILTER_CLAUSES = 10;
export const FILTER_PARSE_ERROR = 'Could not parse the supplied filter';
// OR groups may nest, but with at most 10 clauses deeper nesting is never needed.
const MAX_GROUP_DEPTH = 3;

export interface FilterClause {
  kind: 'clause';
  /** API attribute, e.g. `created_at`. */
  field: string;
  op: FilterOp;
  /**
   * Typed per the field spec: Date for datetime, number, boolean, lower-case uuid, string. For `like`, the
   * PostgreSQL LIKE pattern: `*` became `%`, and `%`, `_`, `\` that match themselves are escaped with `\`.
   */
  values: FilterValue[];
}
export interface FilterGroup {
  kind: 'and' | 'or';
  nodes: ParsedFilter[];
}
export type ParsedFilter = FilterClause | FilterGroup;

/**
 * Parses the EP filter grammar:
 *   filter := term (':' term)*                      AND
 *   term   := op '(' field [',' value]* ')'         a clause; `:` or `|` inside the parentheses belong to the value
 *           | '(' filter ('|' filter)* ')'         OR (the ep SDK's `Filter({ or: [...] })`)
 *   value  := raw text | "…" | '…'                 quoted (Elastic Path's filtering guide): may hold , : ( ) and,
 *                                                  with `\` escaping the quote or itself, any character
 * Raw values are taken as sent (the SDK does not encode them; Express has decoded %xx). `like` takes `*` as its
 * wildcard anywhere in the value, quoted or not; `\*` inside quotes is a literal star. Returns null when absent or empty.
 */
export function parseFilter(raw: unknown, spec: ListResourceSpec): ParsedFilter | null {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
  if (Array.isArray(raw)) throw filterError('filter must be given once; chain clauses with ":"');
  if (typeof raw !== 'string') throw filterError(FILTER_PARSE_ERROR);
  // A NUL byte would make PostgreSQL fail the query (500); the real API words this error so.
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw filterError('The supplied filter contained unsupported characters');

  const tree = new SyntaxParser(raw).parse();
  if (countClauses(tree) > MAX_FILTER_CLAUSES) {
    throw filterError(`A filter may contain at most ${MAX_FILTER_CLAUSES} clauses`);
  }
  return typeTree(tree, spec);
}

// ---------- syntax ----------

/** An operand as written (`text`, quotes and escapes resolved) and as a PostgreSQL LIKE pattern (`\` escapes). */
interface RawOperand {
  text: string;
  pattern: string;
}
type RawNode = { kind: 'clause'; op: string; args: RawOperand[] } | { kind: 'and' | 'or'; nodes: RawNode[] };

/** A character that matches itself in a LIKE pattern. */
function likeLiteral(ch: string): string {
  return ch === '%' || ch === '_' || ch === '\\' ? `\\${ch}` : ch;
}

class SyntaxParser {
  private pos = 0;
  constructor(private readonly s: string) {}

  parse(): RawNode {
    const node = this.expr(0);
    if (this.pos !== this.s.length) throw filterError(FILTER_PARSE_ERROR);
    return node;
  }

  private expr(depth: number): RawNode {
    const nodes = [this.term(depth)];
    while (this.s[this.pos] === ':') {
      this.pos++;
      nodes.push(this.term(depth));
    }
    return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
  }

  private term(depth: number): RawNode {
    this.skipSpaces();
    const node = this.s[this.pos] === '(' ? this.group(depth) : this.clause();
    this.skipSpaces();
    return node;
  }

  private group(depth: number): RawNode {
    if (depth >= MAX_GROUP_DEPTH) throw filterError(FILTER_PARSE_ERROR);
    this.pos++; // '('
    const alternatives = [this.expr(depth + 1)];
    while (this.s[this.pos] === '|') {
      this.pos++;
      alternatives.push(this.expr(depth + 1));
    }
    if (this.s[this.pos] !== ')') throw filterError(FILTER_PARSE_ERROR);
    this.pos++;
    return alternatives.length === 1 ? alternatives[0] : { kind: 'or', nodes: alternatives };
  }

  private clause(): RawNode {
    const op = /^[A-Za-z_]+/.exec(this.s.slice(this.pos))?.[0];
    if (!op || this.s[this.pos + op.length] !== '(') throw filterError(FILTER_PARSE_ERROR);
    this.pos += op.length + 1;
    const args: RawOperand[] = [];
    const nesting = { depth: 0 };
    for (;;) {
      args.push(this.operand(nesting));
      const ch = this.s[this.pos++];
      if (ch === ')') break;
      if (ch !== ',') throw filterError(FILTER_PARSE_ERROR);
    }
    return { kind: 'clause', op: op.toLowerCase(), args };
  }

  /** One operand, left just before the ',' or ')' that follows it. */
  private operand(nesting: { depth: number }): RawOperand {
    this.skipSpaces();
    const quote = this.s[this.pos];
    if (quote === '"' || quote === "'") {
      const operand = this.quoted(quote);
      this.skipSpaces();
      if (this.s[this.pos] !== ',' && this.s[this.pos] !== ')') throw filterError(FILTER_PARSE_ERROR);
      return operand;
    }
    return this.unquoted(nesting);
  }

  /** `"…"` or `'…'`: `\` takes the next character literally (the quote, `\`, or `*` in a `like` pattern). */
  private quoted(quote: string): RawOperand {
    let text = '';
    let pattern = '';
    for (this.pos++; ; this.pos++) {
      let ch = this.s[this.pos];
      if (ch === undefined) throw filterError(FILTER_PARSE_ERROR);
      if (ch === quote) break;
      if (ch === '*') {
        text += ch;
        pattern += '%';
        continue;
      }
      if (ch === '\\') {
        ch = this.s[++this.pos];
        if (ch === undefined) throw filterError(FILTER_PARSE_ERROR);
      }
      text += ch;
      pattern += likeLiteral(ch);
    }
    this.pos++; // closing quote
    return { text, pattern };
  }

  /**
   * Raw text up to a ',' or the clause's closing ')': balanced parentheses, `:` and `|` belong to the value,
   * `*` is the `like` wildcard and every other character (`\` too) stands for itself.
   */
  private unquoted(nesting: { depth: number }): RawOperand {
    const start = this.pos;
    for (; ; this.pos++) {
      const ch = this.s[this.pos];
      if (ch === undefined) throw filterError(FILTER_PARSE_ERROR);
      if (ch === ',') break;
      if (ch === '(') nesting.depth++;
      else if (ch === ')' && nesting.depth-- === 0) break;
    }
    const text = this.s.slice(start, this.pos).trim();
    return { text, pattern: [...text].map((ch) => (ch === '*' ? '%' : likeLiteral(ch))).join('') };
  }

  private skipSpaces(): void {
    while (this.s[this.pos] === ' ') this.pos++;
  }
}

function countClauses(node: RawNode): number {
  return node.kind === 'clause' ? 1 : node.nodes.reduce((n, child) => n + countClauses(child), 0);
}

// ---------- fields, operators and typed values ----------

const RANGE_OPS: FilterOp[] = ['eq', 'gt', 'ge', 'lt', 'le', 'in', 'is_null'];
const OPS_BY_TYPE: Record<ListFieldType, ReadonlySet<FilterOp>> = {
  string: new Set(FILTER_OPS),
  integer: new Set(RANGE_OPS),
  datetime: new Set(RANGE_OPS),
  uuid: new Set(RANGE_OPS),
  boolean: new Set<FilterOp>(['eq', 'in', 'is_null']),
};

function typeTree(node: RawNode, spec: ListResourceSpec): ParsedFilter {
  if (node.kind !== 'clause') return { kind: node.kind, nodes: node.nodes.map((n) => typeTree(n, spec)) };

  const op = node.op as FilterOp;
  if (!(FILTER_OPS as readonly string[]).includes(op)) {
    throw filterError(`Unknown filter operator '${node.op}'; supported operators: ${FILTER_OPS.join(', ')}`);
  }
  const [fieldOperand, ...operands] = node.args;
  const field = fieldOperand.text;
  if (!field) throw filterError(FILTER_PARSE_ERROR);
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : spec.keyedField?.(field);
  if (!fieldSpec) throw filterError(`Unknown filter field '${field}'`);
  const allowed = allowedOps(fieldSpec);
  if (!allowed.includes(op)) {
    throw filterError(
      allowed.length
        ? `Filter operator '${op}' is not supported on '${field}'; supported: ${allowed.join(', ')}`
        : `Filtering on '${field}' is not supported`,
    );
  }
  checkArity(op, field, operands.length);

  const values = op === 'like' ? operands.map((o) => o.pattern) : operands.map((o) => toTypedValue(o.text, fieldSpec.type, field));
  if (values.some((v) => v === '')) throw filterError(`Filter value for '${field}' must not be empty`);
  return { kind: 'clause', field, op, values: op === 'in' ? dedupe(values) : values };
}

function allowedOps(fieldSpec: ListFieldSpec): FilterOp[] {
  return (fieldSpec.ops ?? []).filter((op) => OPS_BY_TYPE[fieldSpec.type].has(op));
}

function checkArity(op: FilterOp, field: string, count: number): void {
  if (op === 'is_null' && count !== 0) throw filterError(`is_null takes only a field: is_null(${field})`);
  if (op === 'in' && count < 1) throw filterError(`in(${field},...) needs at least one value`);
  if (op !== 'is_null' && op !== 'in' && count !== 1) {
    throw filterError(`${op}(${field},value) takes exactly one value; use in(${field},a,b,...) for several`);
  }
}
