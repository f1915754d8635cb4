import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProjectRoot } from './project-paths';
import { DataDirectoryInUseError, DataDirectoryLock } from './data-directory-lock';

/** Another process that takes the lock of `dataDir` and holds it until it is killed. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const script = `const { DataDirectoryLock } = require('./src/prisma/data-directory-lock.ts');
DataDirectoryLock.acquire(process.argv[1]);
process.stdout.write('held\\n');
setInterval(() => {}, 60000);`;
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script, dataDir], {
    cwd: findProjectRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('held')) resolve();
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`holder exited (${code}): ${output}`)));
  });
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('DataDirectoryLock', () => {
  let root: string;
  let dataDir: string;
  const children: ChildProcess[] = [];
  const locks: DataDirectoryLock[] = [];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'data-directory-lock-'));
    dataDir = join(root, 'pglite');
  });

  afterEach(async () => {
    for (const lock of locks.splice(0)) lock.release();
    await Promise.all(children.splice(0).map(killed));
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a second process while the owner lives, naming the directory and the owner', async () => {
    const owner = await holder(dataDir);
    children.push(owner);
    let refusal: unknown;
    try {
      locks.push(DataDirectoryLock.acquire(dataDir));
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(DataDirectoryInUseError);
    expect((refusal as Error).message).toContain(dataDir);
    expect((refusal as Error).message).toContain(`process ${owner.pid} on host ${hostname()}`);
    expect((refusal as DataDirectoryInUseError).owner).toMatchObject({ pid: owner.pid, hostname: hostname() });
  });

  it('refuses a second opening in the same process too', () => {
    locks.push(DataDirectoryLock.acquire(dataDir));
    expect(() => DataDirectoryLock.acquire(dataDir)).toThrow(DataDirectoryInUseError);
  });

  it('takes over the lock file a killed owner (kill -9) left behind', async () => {
    const owner = await holder(dataDir);
    await killed(owner);
    const left = JSON.parse(readFileSync(DataDirectoryLock.lockFileOf(dataDir), 'utf8'));
    expect(left.pid).toBe(owner.pid); // nothing cleaned up after it

    locks.push(DataDirectoryLock.acquire(dataDir));
    expect(JSON.parse(readFileSync(DataDirectoryLock.lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
  });

  it('is not blocked by a lock file naming a live process that is not the owner (a reused PID)', async () => {
    // After a container restart the server is PID 1 again, and the lock file of the killed one says PID 1;
    // elsewhere a PID is soon reused by an unrelated process. Both are alive, neither holds the lock.
    const unrelated = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(unrelated);
    for (const pid of [1, unrelated.pid!, process.pid]) {
      writeFileSync(DataDirectoryLock.lockFileOf(dataDir), JSON.stringify({ pid, hostname: hostname(), command: 'main.js', since: new Date().toISOString() }));
      const lock = DataDirectoryLock.acquire(dataDir);
      expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
      lock.release();
    }
  });

  it('lets the next process in once released, and removes its file', async () => {
    const lock = DataDirectoryLock.acquire(dataDir);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    const owner = await holder(dataDir);
    children.push(owner);
    expect(() => DataDirectoryLock.acquire(dataDir)).toThrow(`process ${owner.pid}`);
  });
});
