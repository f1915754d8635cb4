import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirectoryLock } from '../../src/prisma/data-directory-lock';
import { buildPgliteTemplate } from '../../src/prisma/pglite-template-builder';
import { runScript } from '../support/run-script';
import { ServerProcess, spawnServer } from '../support/spawn-server';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';
import { testDbKind } from '../support/test-database';

// One process owns a PGlite data directory: the real server, as separate processes, on one directory.
const onPglite = testDbKind() === 'pglite' ? describe : describe.skip;
const START_MS = 120_000;

onPglite('PGlite data directory owned by one process', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];

  const start = async () => {
    const server = await spawnServer(env, START_MS);
    servers.push(server);
    return server;
  };

  const admin = async (server: ServerProcess) => {
    const res = await fetch(`${server.baseUrl}/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }),
    });
    expect(res.status).toBe(200);
    return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}`, 'Content-Type': 'application/json' };
  };

  const setPageLength = async (server: ServerProcess, pageLength: number) => {
    const body = JSON.stringify({ data: { type: 'settings', page_length: pageLength } });
    const res = await fetch(`${server.baseUrl}/v2/settings`, { method: 'PUT', headers: await admin(server), body });
    expect(res.status).toBe(200);
  };

  const pageLength = async (server: ServerProcess) => {
    const res = await fetch(`${server.baseUrl}/v2/settings`, { headers: await admin(server) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { page_length: number } }).data.page_length;
  };

  beforeAll(async () => {
    await buildPgliteTemplate();
    root = mkdtempSync(join(tmpdir(), 'data-directory-lock-e2e-'));
    dataDir = join(root, 'pglite');
    env = { PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' };
  }, 300_000);

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.kill()));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a second server, a migration and a key reset while a server owns the directory, and loses nothing', async () => {
    const owner = await start();
    await setPageLength(owner, 37);
    const named = [dataDir, `process ${owner.pid} on host ${hostname()}`, 'main.ts'];

    const second = await spawnServer(env, START_MS).then(
      (s) => (servers.push(s), 'started'),
      (e: Error) => e.message,
    );
    expect(second).toMatch(/server exited \(75\) before listening/);
    for (const part of named) expect(second).toContain(part);

    for (const script of ['db-migrate.js', 'key-reset.js']) {
      const run = await runScript(script, env);
      expect(run.code).not.toBe(0);
      for (const part of named) expect(run.stderr).toContain(part);
    }

    expect(await pageLength(owner)).toBe(37);
    await setPageLength(owner, 38);
    expect(await owner.stop()).toBe(0);
    expect(existsSync(DataDirectoryLock.lockFileOf(dataDir))).toBe(false);
    expect(await pageLength(await start())).toBe(38);
  }, 600_000);

  it('refuses a second server started on a link to the owned directory, naming the directory and its owner', async () => {
    const owner = await start();
    await setPageLength(owner, 39);
    const link = join(root, 'pglite-link');
    symlinkSync(dataDir, link);

    const second = await spawnServer({ ...env, PGLITE_DATA_DIR: link }, START_MS).then(
      (s) => (servers.push(s), 'started'),
      (e: Error) => e.message,
    );
    expect(second).toMatch(/server exited \(75\) before listening/);
    expect(second).toContain(`process ${owner.pid} on host ${hostname()}`);
    expect(second).not.toContain('[object Object]');
    expect(existsSync(DataDirectoryLock.lockFileOf(link))).toBe(false);
    expect(await pageLength(owner)).toBe(39);
  }, 600_000);

  it('takes over the directory of a server killed with kill -9, with what it had committed', async () => {
    const killed = await start();
    await setPageLength(killed, 41);
    await killed.kill();
    expect(JSON.parse(readFileSync(DataDirectoryLock.lockFileOf(dataDir), 'utf8')).pid).toBe(killed.pid);

    const next = await start();
    expect(await pageLength(next)).toBe(41);
  }, 600_000);

  it('starts when the lock file names a live process of this host that does not hold it (a reused PID)', async () => {
    // The test runner is alive, on this host, and not the owner: as a PID reused after a crash, or PID 1 again
    // after a container restart.
    const reused = { pid: process.pid, hostname: hostname(), command: 'main.js', since: new Date().toISOString() };
    writeFileSync(DataDirectoryLock.lockFileOf(dataDir), JSON.stringify(reused));
    const server = await start();
    expect(JSON.parse(readFileSync(DataDirectoryLock.lockFileOf(dataDir), 'utf8')).pid).toBe(server.pid);
    expect(await pageLength(server)).toBe(41);
  }, 600_000);
});
