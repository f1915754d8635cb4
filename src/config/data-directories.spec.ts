import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ModuleKind, ScriptTarget, transpileModule } from 'typescript';
import { loadAppConfig } from './app-config';
import { assertWritableDirectory, dataDirectoriesOf } from './data-directories';

const UNPRIVILEGED = 1000;

describe('data directories', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(reachableTemporaryDirectory(), 'data-dirs-'));
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
    // The child loads plain JavaScript copies of the modules under test from `base`, not the checkout: an
    // unprivileged user may not enter a checkout that lies in a private (0700) home or temporary directory.
    const modules = join(base, 'modules');
    mkdirSync(modules);
    chmodSync(modules, 0o755);
    for (const name of ['data-directories', 'app-config']) {
      const source = readFileSync(resolve(__dirname, `${name}.ts`), 'utf8');
      const { outputText } = transpileModule(source, { compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022 } });
      writeFileSync(join(modules, `${name}.js`), outputText, { mode: 0o644 });
    }
    const child = spawnSync(
      asRoot ? nodeOthersMayRun(modules) : process.execPath,
      ['-e', `require(${JSON.stringify(join(modules, 'data-directories.js'))}).assertWritableDirectory({ variable: 'PGLITE_DATA_DIR', dir: ${JSON.stringify(join(mount, 'pglite'))} })`],
      {
        cwd: base,
        env: { PATH: process.env.PATH },
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

/**
 * The temporary directory, when every user may pass through it to what it holds; else /tmp. Run as root, the
 * last test's child runs as another user, who must reach the folders the test makes (TMPDIR may be a private
 * 0700 folder of root's).
 */
function reachableTemporaryDirectory(): string {
  const tmp = resolve(tmpdir());
  return everyoneMayEnter(tmp) ? tmp : '/tmp';
}

/** Whether every folder on the way to `dir` (itself included) lets other users pass through. */
function everyoneMayEnter(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
    if (dirname(d) === d) return true;
  }
}

/** This Node binary, or a link to (else a copy of) it in `dir` when it lies where others may not go (~/.cache). */
function nodeOthersMayRun(dir: string): string {
  if (everyoneMayEnter(dirname(process.execPath))) return process.execPath;
  const node = join(dir, 'node');
  try {
    linkSync(process.execPath, node);
  } catch {
    copyFileSync(process.execPath, node);
  }
  chmodSync(node, 0o755);
  return node;
}
