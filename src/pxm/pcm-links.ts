import { Prisma } from '../generated/prisma/client';

/** PXM's routes live under `/pcm`, beside `/v2`: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface PcmWireContext {
  linkBase: string;
}

export const pcmLink = (ctx: PcmWireContext, path: string) => `${ctx.linkBase}/pcm${path}`;

/** `pcmLink` in SQL: `parts` are SQL text expressions and constant strings, joined. */
export function pcmLinkSql(ctx: PcmWireContext, parts: (string | Prisma.Sql)[]): Prisma.Sql {
  const joined = parts.map((p) => (typeof p === 'string' ? Prisma.sql`${p}::text` : Prisma.sql`${p}::text`));
  return Prisma.sql`to_json(${ctx.linkBase}::text || '/pcm' || ${Prisma.join(joined, ' || ')})::text`;
}
