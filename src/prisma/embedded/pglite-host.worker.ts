import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results } from '@electric-sql/pglite';
import { DriverAdapterError, type SqlDriverAdapter, type Transaction } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { InstalledParsers } from './installed-parsers';
import { serializeError, type HostMessage, type HostOptions, type HostRequest } from './embedded-protocol';

/**
 * The thread that owns the embedded PostgreSQL (PGlite): PostgreSQL's WebAssembly runs here, so the server's
 * thread keeps serving HTTP while a query executes. Requests are handled as they arrive; PGlite queues them
 * (and everything outside an open transaction waits for it), as it does for callers on one thread.
 */
const port = parentPort!;
const options = workerData as HostOptions;
const db = new PGlite(options.dataDir, { startParams: [...PGlite.defaultStartParams, ...options.startParams] });
const parsers = new InstalledParsers(db);
let adapter: Promise<SqlDriverAdapter> | undefined;
const transactions = new Map<number, Transaction>();
const unlisteners = new Map<string, () => Promise<void>>();

const post = (message: HostMessage) => port.postMessage(message);

db.waitReady.then(
  () => post({ ready: true }),
  (e) => post({ ready: false, error: serializeError(e) }),
);

port.on('message', (request: HostRequest) => {
  handle(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (e) => {
      post({ id: request.id, ok: false, error: serializeError(e) });
      // PostgreSQL stopped without being asked (PGlite closed itself): end the thread, so the server starts another.
      if (db.closed && request.op !== 'close') process.exit(1);
    },
  );
});

async function handle(request: HostRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return sent(await db.query(request.sql, request.params, parsers.ownOptions()));
    case 'exec':
      return (await db.exec(request.sql, parsers.ownOptions())).map(sent);
    case 'listen':
      if (!unlisteners.has(request.channel)) {
        const channel = request.channel;
        unlisteners.set(channel, await db.listen(channel, (payload) => post({ notify: channel, payload })));
      }
      return undefined;
    case 'unlisten': {
      const unlisten = unlisteners.get(request.channel);
      unlisteners.delete(request.channel);
      await unlisten?.();
      return undefined;
    }
    case 'close':
      if (!db.closed) await db.close();
      return undefined;
    case 'queryRaw':
      return (await queryable(request.tx)).queryRaw(request.query);
    case 'executeRaw':
      return (await queryable(request.tx)).executeRaw(request.query);
    case 'executeScript':
      return executeScript(request.script);
    case 'startTransaction': {
      const tx = await (await driver()).startTransaction(request.isolationLevel as never);
      transactions.set(request.tx, tx);
      return { id: request.tx, options: tx.options };
    }
    case 'commit':
    case 'rollback': {
      const tx = transaction(request.tx);
      transactions.delete(request.tx);
      return request.op === 'commit' ? tx.commit() : tx.rollback();
    }
  }
}

/** The part of a PGlite result the server's thread reads. */
function sent({ rows, fields, affectedRows }: Results): Pick<Results, 'rows' | 'fields' | 'affectedRows'> {
  return { rows, fields, affectedRows };
}

function driver(): Promise<SqlDriverAdapter> {
  adapter ??= new PrismaPGlite(parsers.adapterClient()).connect();
  return adapter;
}

async function queryable(tx: number | undefined) {
  return tx === undefined ? driver() : transaction(tx);
}

function transaction(id: number): Transaction {
  const tx = transactions.get(id);
  if (!tx) throw new Error(`Transaction ${id} is not open`);
  return tx;
}

/**
 * pglite-prisma-adapter 0.7.2 does not await `exec` in executeScript (used to run migration scripts), so a
 * failing migration would be recorded as applied and its error become an unhandled rejection.
 */
async function executeScript(script: string): Promise<void> {
  try {
    await db.exec(script);
  } catch (e) {
    const error = e as Record<string, string | undefined>;
    if (typeof error?.code === 'string' && typeof error?.message === 'string') {
      throw new DriverAdapterError({
        kind: 'postgres',
        code: error.code,
        severity: error.severity ?? 'ERROR',
        message: error.message,
        detail: error.detail,
        column: error.column,
        hint: error.hint,
      });
    }
    throw e;
  }
}
