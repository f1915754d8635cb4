import type { GetPrismaClientConfig } from '@prisma/client/runtime/client';
import { PrismaClient } from '../generated/prisma/client';
import { closeEmbedded, prismaClientOptions } from './database-adapter';
import { queryCompilerModule } from './query-compiler-module';
import { EMPTY_PARAMETERIZATION_SCHEMA } from './query-plan-cache';

type Internal = { queryPlanCacheMaxSize?: number; __internal: { configOverride: (c: GetPrismaClientConfig) => GetPrismaClientConfig } };

describe('a client without a query plan cache', () => {
  const opts = { pgliteDataDir: 'memory://query-plan-cache-spec' };
  afterAll(() => closeEmbedded(opts));

  it('keeps no plans and is given the empty parameterization graph, the compiler still read from its file', async () => {
    const config = {
      clientVersion: 'x',
      parameterizationSchema: { strings: ['a'], graph: 'AQAA' },
      compilerWasm: { getRuntime: jest.fn(), getQueryCompilerWasmModule: jest.fn(), importName: 'y' },
    } as unknown as GetPrismaClientConfig;
    const without = prismaClientOptions(opts, { queryPlanCache: false }) as unknown as Internal;
    expect(without.queryPlanCacheMaxSize).toBe(0);
    const changed = without.__internal.configOverride(config);
    expect(changed.parameterizationSchema).toEqual(EMPTY_PARAMETERIZATION_SCHEMA);
    expect(await changed.compilerWasm!.getQueryCompilerWasmModule()).toBe(await queryCompilerModule());

    const withCache = prismaClientOptions(opts) as unknown as Internal;
    expect(withCache.queryPlanCacheMaxSize).toBeUndefined();
    expect(withCache.__internal.configOverride(config).parameterizationSchema).toBe(config.parameterizationSchema);
  });

  it('compiles and sends model queries with their values in place (Prisma decodes the empty graph)', async () => {
    const prisma = new PrismaClient(prismaClientOptions(opts, { queryPlanCache: false }));
    try {
      // An empty database: the statement reaches PostgreSQL, which has no such table.
      const error = await prisma.setting.count({ where: { id: { in: ['store', 'other'] } } }).then(
        () => undefined,
        (e: { code?: string }) => e,
      );
      expect(error?.code).toBe('P2021');
      // The table of one small model, as its migration makes it: reads, filters and writes carry their values.
      await prisma.$executeRawUnsafe(
        `CREATE TABLE row_counts (relation text, bucket text NOT NULL DEFAULT '', shard smallint, n bigint, PRIMARY KEY (relation, bucket, shard))`,
      );
      await prisma.rowCount.createMany({ data: [1, 2, 3].map((shard) => ({ relation: 'orders', shard, n: BigInt(shard * 10) })) });
      await prisma.$transaction(async (tx) => tx.rowCount.updateMany({ where: { relation: 'orders', shard: { in: [2, 3] } }, data: { n: 7n } }));
      const rows = await prisma.rowCount.findMany({ where: { relation: 'orders', n: { lt: 20n } }, orderBy: { shard: 'asc' } });
      expect(rows.map((r) => [r.shard, r.n])).toEqual([[1, 10n], [2, 7n], [3, 7n]]);
    } finally {
      await prisma.$disconnect();
    }
  });
});
