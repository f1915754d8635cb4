import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
  TransactionOptions,
} from '@prisma/driver-adapter-utils';
import type { EmbeddedDatabase } from './embedded-database';

/** What pglite-prisma-adapter calls itself; the adapter behind this one, on the database's thread. */
const ADAPTER_NAME = 'pglite-prisma-adapter';

/**
 * Prisma's driver adapter for an EmbeddedDatabase: each operation is carried out by pglite-prisma-adapter
 * on the database's thread (argument and column mapping, error conversion), so Prisma sees the same
 * results and errors as with PGlite in this thread.
 */
class EmbeddedQueryable {
  readonly provider = 'postgres' as const;
  readonly adapterName = ADAPTER_NAME;

  constructor(
    protected readonly db: EmbeddedDatabase,
    protected readonly tx?: number,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.db.queryRaw(query, this.tx) as Promise<SqlResultSet>;
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.db.executeRaw(query, this.tx) as Promise<number>;
  }
}

class EmbeddedTransaction extends EmbeddedQueryable implements Transaction {
  constructor(
    db: EmbeddedDatabase,
    protected override readonly tx: number,
    readonly options: TransactionOptions,
  ) {
    super(db, tx);
  }

  async commit(): Promise<void> {
    await this.db.endTransaction('commit', this.tx);
  }

  async rollback(): Promise<void> {
    await this.db.endTransaction('rollback', this.tx);
  }
}

class EmbeddedDriverAdapter extends EmbeddedQueryable implements SqlDriverAdapter {
  async executeScript(script: string): Promise<void> {
    await this.db.executeScript(script);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const { id, options } = (await this.db.startTransaction(isolationLevel)) as { id: number; options: TransactionOptions };
    return new EmbeddedTransaction(this.db, id, options);
  }

  getConnectionInfo() {
    return { supportsRelationJoins: true };
  }

  async dispose(): Promise<void> {}
}

/**
 * `open` gives the started database (awaited at connect, so a client can be built before it has started);
 * `openShadow` a new scratch database for the schema engine's diffs, closed when the engine disposes it.
 */
export function embeddedAdapterFactory(
  open: () => Promise<EmbeddedDatabase>,
  openShadow: () => Promise<EmbeddedDatabase>,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: ADAPTER_NAME,
    async connect() {
      return new EmbeddedDriverAdapter(await open());
    },
    async connectToShadowDb() {
      const shadow = await openShadow();
      const adapter = new EmbeddedDriverAdapter(shadow);
      adapter.dispose = () => shadow.close();
      return adapter;
    },
  };
}
