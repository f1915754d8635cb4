import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

type Parsers = NonNullable<QueryOptions['parsers']>;
type Queryable = Pick<Transaction, 'query' | 'exec'>;

/**
 * PGlite merges the `parsers` given with a statement into a copy of its whole parser table (about 340 types)
 * on every call, and pglite-prisma-adapter passes its parsers with each statement: about 0.1 ms a statement,
 * as much as running a small one. So the adapter gets a client that installs the parsers it passes into
 * PGlite's table once and then runs its statements without them; the host's own statements (`ownOptions`)
 * pass PGlite's originals back for those types and read results exactly as before.
 */
export class InstalledParsers {
  private readonly originals: Parsers = {};
  private installed?: Parsers;

  constructor(private readonly db: PGlite) {}

  /** Options for statements that are not Prisma's: PGlite's own parsers for the types the adapter replaced. */
  ownOptions(): QueryOptions {
    return this.installed ? { parsers: this.originals } : {};
  }

  /** The client to give pglite-prisma-adapter (it uses query, exec, transaction and the transaction's rollback). */
  adapterClient(): PGlite {
    const client = {
      ...this.queryable(this.db),
      transaction: <T>(run: (tx: Transaction) => Promise<T>) =>
        this.db.transaction((tx) => run(Object.assign(Object.create(tx) as Transaction, this.queryable(tx)))),
    };
    return client as unknown as PGlite;
  }

  private queryable(target: Queryable): Queryable {
    return {
      query: (sql, params, options) => target.query(sql, params, this.withoutParsers(options)),
      exec: (sql, options) => target.exec(sql, this.withoutParsers(options)),
    };
  }

  private withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
    const parsers = options?.parsers;
    if (!parsers) return options;
    // One set of parsers is installed (the adapter's); any other is passed along as PGlite expects it.
    this.installed ??= this.install(parsers);
    if (parsers !== this.installed) return options;
    const rest = { ...options };
    delete rest.parsers;
    return rest;
  }

  private install(parsers: Parsers): Parsers {
    for (const [type, parse] of Object.entries(parsers)) {
      this.originals[Number(type)] = this.db.parsers[Number(type)];
      this.db.parsers[Number(type)] = parse;
    }
    return parsers;
  }
}
