import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadAppConfig } from './app-config';
import { assertWritableDirectory, dataDirectoriesOf } from './data-directories';

const UNPRIVILEGED = 1000;

describe('data directories', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'data-dirs-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('lists the embedded database only when it is on disk, and always the files directory', () => {
    const embedded = dataDirectoriesOf(loadAppConfig({ PGLITE_DATA_DIR: '/data/pglite', FILES_DIR: '/data/files' }));
    expect(embedded).toEqual([
      { variable: 'PGLITE_DATA_DIR', dir: '/data/pglite' },
      { variable: 'FILES_DIR', dir: '/data/files' },
    ]);
    const postgres = dataDirectoriesOf(loadAppConfig({ DATABASE_URL: 'postgresql://localhost/db', FILES_DIR: '/data/files' }));
    expect(postgres).toEqual([{ variable: 'FILES_DIR', dir: '/data/files' }]);
    expect(dataDirectoriesOf(loadAppConfig({ PGLITE_DATA_DIR: 'memory://' })).map((d) => d.variable)).toEqual(['FILES_DIR']);
  });

  it('accepts a directory that does not exist yet under a writable one, and creates nothing', () => {
    const dir = join(base, 'not', 'yet');
    expect(() => assertWritableDirectory({ variable: 'PGLITE_DATA_DIR', dir })).not.toThrow();
    expect(existsSync(join(base, 'not'))).toBe(false);
  });

  it('refuses a path that runs through a file, naming the variable', () => {
    writeFileSync(join(base, 'file'), '');
    expect(() => assertWritableDirectory({ variable: 'FILES_DIR', dir: join(base, 'file', 'files') })).toThrow(
      `FILES_DIR=${join(base, 'file', 'files')}: ${join(base, 'file')} (on the way to ${join(base, 'file', 'files')}) is not a directory`,
    );
  });

  it('refuses a directory its user cannot write, with the owner and how to fix it', () => {
    const mount = join(base, 'data');
    mkdirSync(mount);
    chmodSync(mount, 0o755);
    chmodSync(base, 0o755);
    // As root every directory is writable, so the check runs as an unprivileged user in a child process.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) chmodSync(mount, 0o555);
    const child = spawnSync(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        '-e',
        `require(${JSON.stringify(resolve(__dirname, 'data-directories.ts'))}).assertWritableDirectory({ variable: 'PGLITE_DATA_DIR', dir: ${JSON.stringify(join(mount, 'pglite'))} })`,
      ],
      {
        cwd: resolve(__dirname, '..', '..'),
        env: { PATH: process.env.PATH, TS_NODE_PROJECT: resolve(__dirname, '..', '..', 'tsconfig.json') },
        encoding: 'utf8',
        ...(asRoot ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {}),
      },
    );
    expect(child.status).not.toBe(0);
    const uid = asRoot ? UNPRIVILEGED : process.getuid?.();
    expect(child.stderr).toContain(`PGLITE_DATA_DIR=${join(mount, 'pglite')}: ${mount} (on the way to ${join(mount, 'pglite')}) is not writable by this process (uid ${uid}`);
    expect(child.stderr).toContain(`chown -R ${uid}:`);
    expect(child.stderr).toContain('use a named volume');
    expect(child.stderr).not.toContain('EACCES');
  });
});
