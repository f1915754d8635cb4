import { createHash } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';

/**
 * Statements that write whole pages as JSON (see common/wire/page-statement.ts) are long: PostgreSQL spends more
 * time parsing and planning one than running it. Marked with prepared() (PrismaService.queryPrepared does), such a
 * statement is prepared once per connection under a name made from its text, and each later run only binds and
 * executes it.
 */
const MARK = '/* prepared */';

export function prepared(statement: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(MARK)} ${statement}`;
}

/**
 * adapter-pg's `statementNameGenerator`: a name for a marked statement, none for the rest. A prepared
 * statement costs its connection memory on the database server (about 1 MB for a products page) for as long
 * as the connection lives, so only the first `limit` distinct texts get a name; the others run unnamed.
 * `limit` 0 names none (for a pooler in transaction mode that does not keep prepared statements).
 */
export function statementNamer(limit: number): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql }) => {
    if (limit === 0 || !sql.startsWith(MARK)) return undefined;
    const known = names.get(sql);
    if (known !== undefined || names.size >= limit) return known;
    const name = `page_${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
    return name;
  };
}
