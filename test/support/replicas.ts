import { spawnServer, ServerProcess } from './spawn-server';
import { createTestApp, TestApp } from './test-app';
import { WebhookReceiver } from './webhook-receiver';

export interface Replicas {
  /** The in-process test app; it migrated the shared database, and its tokens are good on every replica. */
  readonly t: TestApp;
  /** A real server process on the test app's PostgreSQL database, with workers on. */
  start(over?: Record<string, string>, startTimeoutMs?: number): Promise<ServerProcess>;
  /** A webhook receiver on 127.0.0.1, closed after the test. */
  receiver(): Promise<WebhookReceiver>;
}

/**
 * Registers the hooks of a suite that runs several server processes on one PostgreSQL database (PGlite
 * cannot be shared between processes). After each test: the processes are killed, the receivers closed,
 * the integrations disabled, and events a stopped server did not relay are marked relayed, so one test's
 * events never reach the next test's integrations.
 */
export function useReplicas(serverEnv: Record<string, string>): Replicas {
  let t: TestApp | undefined;
  let servers: ServerProcess[] = [];
  let receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  });
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    servers = [];
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
    await t!.prisma.integration.updateMany({ data: { enabled: false } });
    await t!.prisma.outboxEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t!;
    },
    async start(over = {}, startTimeoutMs?: number) {
      const s = await spawnServer({
        DATABASE_URL: t!.database.env.DATABASE_URL!,
        WORKERS_ENABLED: 'true',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        ...serverEnv,
        ...over,
      }, startTimeoutMs);
      servers.push(s);
      return s;
    },
    async receiver() {
      const r = await WebhookReceiver.start();
      receivers.push(r);
      return r;
    },
  };
}
