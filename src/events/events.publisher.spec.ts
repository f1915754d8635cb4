import { AppConfig } from '../config/app-config';
import { Prisma } from '../generated/prisma/client';
import { Db } from '../prisma/prisma.service';
import { EventsPublisher } from './events.publisher';

const flush = () => new Promise((r) => setImmediate(r));

function fakeDb(changedRows = 1) {
  const statements: { sql: string; values: unknown[] }[] = [];
  // Prisma's $executeRaw takes a tagged template or a composed Prisma.Sql: record either as text + values.
  const db = {
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
      statements.push(query instanceof Prisma.Sql ? { sql: query.strings.join('$'), values: query.values } : { sql: query.join('$'), values });
      return 1;
    },
    $queryRaw: async (query: Prisma.Sql) => {
      statements.push({ sql: query.strings.join('$'), values: query.values });
      return [{ events: changedRows, change: changedRows ? { id: 'p1' } : null }];
    },
  };
  return { db: db as unknown as Db, statements };
}

const config = (databaseUrl?: string) => ({ database: { databaseUrl } }) as AppConfig;

describe('EventsPublisher', () => {
  it('writes the rows and the NOTIFY in one statement on PostgreSQL; only the rows on PGlite', async () => {
    const payload = { data: { type: 'order', id: 'o1' } };
    const pg = fakeDb();
    await new EventsPublisher(config('postgres://x')).publish(pg.db, ['order.paid', 'order.updated'], payload);
    expect(pg.statements).toHaveLength(1);
    expect(pg.statements[0].sql).toMatch(/INSERT INTO outbox_events[\s\S]*pg_notify/);
    expect(pg.statements[0].values).toEqual([JSON.stringify(payload), ['order.paid', 'order.updated'], 'commerce_outbox', 'order.paid,order.updated']);
    const lite = fakeDb();
    await new EventsPublisher(config()).publish(lite.db, 'order.paid', payload);
    expect(lite.statements).toHaveLength(1);
    expect(lite.statements[0].sql).not.toContain('pg_notify');
    expect(lite.statements[0].values).toEqual([JSON.stringify(payload), ['order.paid']]);
    const none = fakeDb();
    await new EventsPublisher(config()).publish(none.db, [], payload);
    expect(none.statements).toHaveLength(0);
  });

  it('runs a given change (a CTE) in the same one statement as the rows (and the NOTIFY on PostgreSQL)', async () => {
    const payload = { data: { type: 'product', id: 'p1' } };
    const change = Prisma.sql`INSERT INTO products (id) VALUES (${'p1'}::uuid)`;
    const pg = fakeDb();
    await new EventsPublisher(config('postgres://x')).publish(pg.db, 'product.created', payload, change);
    expect(pg.statements).toHaveLength(1);
    expect(pg.statements[0].sql.replace(/\s+/g, ' ')).toMatch(/^WITH change AS \(INSERT INTO products \(id\) VALUES \(\$::uuid\)\), ev AS \( INSERT INTO outbox_events[\s\S]*RETURNING 1\) SELECT pg_notify/);
    expect(pg.statements[0].values).toEqual(['p1', JSON.stringify(payload), ['product.created'], 'commerce_outbox', 'product.created']);
    const lite = fakeDb();
    await new EventsPublisher(config()).publish(lite.db, 'product.created', payload, change);
    expect(lite.statements).toHaveLength(1);
    expect(lite.statements[0].sql.replace(/\s+/g, ' ')).toMatch(/^WITH change AS \(INSERT INTO products \(id\) VALUES \(\$::uuid\)\) INSERT INTO outbox_events/);
    expect(lite.statements[0].sql).not.toContain('pg_notify');
    expect(lite.statements[0].values).toEqual(['p1', JSON.stringify(payload), ['product.created']]);
    // No event: the change alone.
    const none = fakeDb();
    await new EventsPublisher(config('postgres://x')).publish(none.db, [], payload, change);
    expect(none.statements).toEqual([{ sql: 'INSERT INTO products (id) VALUES ($::uuid)', values: ['p1'] }]);
  });

  it('writes a guarded change and its event in one statement, the event only if `change` returned a row', async () => {
    const payload = { data: { type: 'product', id: 'p1' } };
    const changes = Prisma.sql`change AS (UPDATE products SET name = ${'n'} WHERE id = ${'p1'}::uuid RETURNING id)`;
    const pg = fakeDb();
    expect(await new EventsPublisher(config('postgres://x')).publishIfChanged(pg.db, 'product.updated', payload, changes)).toEqual({ id: 'p1' });
    expect(pg.statements).toHaveLength(1);
    expect(pg.statements[0].sql.replace(/\s+/g, ' ')).toMatch(
      /^WITH change AS \(UPDATE products .*\), ev AS \( INSERT INTO outbox_events .* WHERE EXISTS \(SELECT 1 FROM change\) RETURNING 1 \) SELECT .* pg_notify/,
    );
    expect(pg.statements[0].values).toEqual(['n', 'p1', 'product.updated', JSON.stringify(payload), 'commerce_outbox', 'product.updated']);
    const lite = fakeDb(0);
    expect(await new EventsPublisher(config()).publishIfChanged(lite.db, 'product.updated', payload, changes)).toBeNull();
    expect(lite.statements[0].sql).not.toContain('pg_notify');
  });

  it('wakes listeners as committed after a publish outside an interactive transaction', async () => {
    const events = new EventsPublisher(config());
    const calls: boolean[] = [];
    events.onPublished((committed) => calls.push(committed));
    const root = fakeDb();
    const client = Object.assign(root.db, { $connect: async () => undefined });
    await events.publish(client, 'order.paid', { type: 'order', id: 'o1' });
    await events.publishIfChanged(client, 'product.updated', { type: 'product', id: 'p1' }, Prisma.sql`change AS (SELECT 1)`);
    await events.publishIfChanged(fakeDb(0).db, 'product.updated', { type: 'product', id: 'p1' }, Prisma.sql`change AS (SELECT 1)`);
    await flush();
    expect(calls).toEqual([true, true]);
  });

  it('wakes listeners at publish (not yet committed) unless LISTEN is up; a NOTIFY wakes them as committed', async () => {
    const events = new EventsPublisher(config('postgres://x'));
    const calls: boolean[] = [];
    const off = events.onPublished((committed) => calls.push(committed));
    await events.publish(fakeDb().db, 'order.paid', { type: 'order', id: 'o1' });
    await flush();
    expect(calls).toEqual([false]);

    events.setListening(true);
    await events.publish(fakeDb().db, 'order.paid', { type: 'order', id: 'o2' });
    await flush();
    expect(calls).toEqual([false]); // the NOTIFY will announce it once committed
    events.notify();
    await flush();
    expect(calls).toEqual([false, true]);

    events.setListening(false); // connection lost: publishes wake the relay themselves again
    await events.publish(fakeDb().db, 'order.paid', { type: 'order', id: 'o3' });
    await flush();
    expect(calls).toEqual([false, true, false]);
    off();
    events.notify();
    await flush();
    expect(calls).toHaveLength(3);
  });
});
