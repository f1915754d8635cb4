import { createHash, randomBytes } from 'node:crypto';
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { defaultPaths, findProjectRoot, migrationNames } from './project-paths';

/**
 * A PGlite data directory with every migration of prisma/migrations applied and nothing else, built once
 * (`npm run build`, scripts/pglite-template.js) and copied into a new, empty data directory instead of
 * running PGlite's initdb and the migrations there: initdb alone costs 1.5–2 s of WebAssembly at a first
 * start, the copy (~40 MB, ~1,100 files) under 0.1 s. Then the migrator finds every migration applied and
 * returns without loading the schema engine.
 *
 * The template lives under `<cacheDir>/pglite-<key>/` (`data/` plus `template.json`, written last). The key
 * hashes the migrations (names and SQL) and the versions of PGlite and of the schema engine, so a template
 * is only ever used for the exact migrations it was built from; anything else falls back to initdb.
 */
export interface PgliteTemplateOptions {
  /** prisma/migrations of the project: the migrations the template must have applied. */
  migrationsDir: string;
  /** Where templates are kept (git-ignored): node_modules/.cache/commerce-api by default. */
  cacheDir: string;
}

export interface TemplateManifest {
  key: string;
  pglite: string;
  migrations: string[];
  createdAt: string;
  /** Every file of data/, relative path (with '/') and size: checked before each use. */
  files: [string, number][];
}

const FORMAT = 'commerce-api pglite template 1';
export const MANIFEST = 'template.json';
export const TEMPLATE_DATA = 'data';

export function defaultTemplateOptions(): PgliteTemplateOptions {
  return {
    migrationsDir: defaultPaths().migrationsDir,
    cacheDir: join(findProjectRoot(), 'node_modules', '.cache', 'commerce-api'),
  };
}

function packageVersion(entry: string): string {
  for (let dir = dirname(require.resolve(entry)); dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.version) return `${pkg.name}@${pkg.version}`;
    }
  }
  throw new Error(`No package.json above ${entry}`);
}

export function pgliteVersion(): string {
  return packageVersion('@electric-sql/pglite');
}

/** Names of the migration folders, sorted (the order they apply in). */
/** Hash of what a template's content depends on: the migrations, PGlite's data format, the migrations table. */
export function templateKey(migrationsDir: string): string {
  const hash = createHash('sha256');
  hash.update(`${FORMAT}\0${pgliteVersion()}\0${packageVersion('@prisma/schema-engine-wasm/schema_engine_bg')}\0`);
  for (const name of migrationNames(migrationsDir)) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(join(migrationsDir, name, 'migration.sql')));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export function templateDir(opts: PgliteTemplateOptions, key: string = templateKey(opts.migrationsDir)): string {
  return join(opts.cacheDir, `pglite-${key}`);
}

/** Files of a directory tree (relative paths with '/', sizes), sorted. */
export function listFiles(root: string): [string, number][] {
  const out: [string, number][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push([relative(root, path).split(sep).join('/'), statSync(path).size]);
    }
  };
  walk(root);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export type TemplateCheck =
  | { ok: true; dir: string; manifest: TemplateManifest }
  | { ok: false; reason: 'missing' | 'unusable'; detail: string };

/**
 * The template for the current migrations, if it is complete: its manifest names this key, and every file
 * it lists is there with its size. A template is written to a temporary name and renamed into place with
 * its manifest, so a build that died half way is never seen here; this catches later damage.
 */
export function checkTemplate(opts: PgliteTemplateOptions): TemplateCheck {
  let key: string;
  try {
    key = templateKey(opts.migrationsDir);
  } catch (e) {
    return { ok: false, reason: 'unusable', detail: `cannot compute the template key: ${(e as Error).message}` };
  }
  const dir = templateDir(opts, key);
  let manifest: TemplateManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'missing', detail: `no template at ${dir}` };
    return { ok: false, reason: 'unusable', detail: `unreadable ${MANIFEST} in ${dir}: ${(e as Error).message}` };
  }
  if (manifest?.key !== key || !Array.isArray(manifest.files) || manifest.files.length === 0) {
    return { ok: false, reason: 'unusable', detail: `${MANIFEST} in ${dir} does not describe template ${key}` };
  }
  for (const [file, size] of manifest.files) {
    let actual: number;
    try {
      actual = statSync(join(dir, TEMPLATE_DATA, file)).size;
    } catch {
      return { ok: false, reason: 'unusable', detail: `template ${dir} lacks ${file}` };
    }
    if (actual !== size) return { ok: false, reason: 'unusable', detail: `template ${dir}: ${file} has ${actual} bytes, expected ${size}` };
  }
  return { ok: true, dir, manifest };
}

/** Copies a directory tree with its modes (copy-on-write where the file system can). */
export function copyTree(src: string, dst: string): void {
  mkdirSync(dst, { mode: statSync(src).mode & 0o777 });
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    const from = join(src, entry.name);
    const to = join(dst, entry.name);
    if (entry.isDirectory()) copyTree(from, to);
    else if (entry.isFile()) copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/** True when the path does not exist or is an empty directory. */
export function isMissingOrEmptyDir(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}

export type SeedResult =
  | { seeded: true; ms: number }
  | { seeded: false; reason: 'missing' | 'unusable' | 'not-empty'; detail: string };

/**
 * Creates the PGlite data directory `dataDir` (which must not exist or be empty) as a copy of the template.
 * The copy goes to a sibling temporary directory that is renamed onto `dataDir` at the end, so `dataDir`
 * is never seen half-copied, and if another process created the database there meanwhile its directory
 * is left alone (`not-empty`). On any failure nothing is left behind and the caller runs initdb as before.
 */
export function seedFromTemplate(dataDir: string, opts: PgliteTemplateOptions): SeedResult {
  const started = Date.now();
  const check = checkTemplate(opts);
  if (!check.ok) return { seeded: false, reason: check.reason, detail: check.detail };
  const tmp = `${dataDir}.template-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(dataDir), { recursive: true });
    copyTree(join(check.dir, TEMPLATE_DATA), tmp);
    if (!moveIntoPlace(tmp, dataDir)) {
      return { seeded: false, reason: 'not-empty', detail: `${dataDir} was created by someone else meanwhile` };
    }
  } catch (e) {
    return { seeded: false, reason: 'unusable', detail: `copying template ${check.dir} failed: ${(e as Error).message}` };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { seeded: true, ms: Date.now() - started };
}

/** Renames `from` to `to` unless `to` is a non-empty directory; false (and `from` untouched) if it is. */
export function moveIntoPlace(from: string, to: string): boolean {
  try {
    renameSync(from, to); // replaces an empty directory on POSIX
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM') throw e;
  }
  if (!isMissingOrEmptyDir(to)) return false;
  try {
    rmdirSync(to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return false; // someone wrote into it meanwhile
  }
  try {
    renameSync(from, to);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw e;
  }
}
