import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AppConfig, ConfigError } from './app-config';

/** A directory the server writes to, and the variable that names it. */
export interface DataDirectory {
  variable: string;
  dir: string;
}

/** The embedded database's directory (unless DATABASE_URL or an in-memory database) and the uploaded files'. */
export function dataDirectoriesOf(config: AppConfig): DataDirectory[] {
  const dirs: DataDirectory[] = [];
  const { databaseUrl, pgliteDataDir } = config.database;
  if (!databaseUrl && !pgliteDataDir.startsWith('memory://')) dirs.push({ variable: 'PGLITE_DATA_DIR', dir: pgliteDataDir });
  dirs.push({ variable: 'FILES_DIR', dir: config.files.dir });
  return dirs;
}

/**
 * Fails at start, with what to do about it, when this process could not create or write `dir` — e.g. a
 * host folder bind-mounted at /data that belongs to root while the server runs as an unprivileged user —
 * rather than with a bare EACCES from deep inside the database or on the first upload. Creates nothing:
 * the nearest existing folder on the way to `dir` must be a folder this process may write into.
 */
export function assertWritableDirectory({ variable, dir }: DataDirectory): void {
  const target = resolve(dir);
  let existing = target;
  let stats: Stats | undefined;
  for (;;) {
    stats = statOrNothing(existing);
    if (stats || dirname(existing) === existing) break;
    existing = dirname(existing);
  }
  const where = existing === target ? target : `${existing} (on the way to ${target})`;
  if (!stats?.isDirectory()) {
    throw new ConfigError(`${variable}=${dir}: ${where} is not a directory. Set ${variable} to a directory this server may write to.`);
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch {
    throw new ConfigError(
      `${variable}=${dir}: ${where} is not writable by this process (${identity()}); it belongs to uid ${stats.uid}, ` +
        `gid ${stats.gid}, mode ${(stats.mode & 0o777).toString(8)}. Make it writable by this user (e.g. ` +
        `\`chown -R ${ownerOf()} ${existing}\`; for a container, on the host folder mounted there), use a named ` +
        `volume instead of a host folder, or set ${variable} to a directory this user may write to.`,
    );
  }
}

export function assertWritableDataDirectories(config: AppConfig): void {
  for (const dir of dataDirectoriesOf(config)) assertWritableDirectory(dir);
}

/** Missing, behind a file or behind a folder this user may not enter: look further up. */
function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    if (['ENOENT', 'ENOTDIR', 'EACCES'].includes((e as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw e;
  }
}

function identity(): string {
  return process.getuid && process.getgid ? `uid ${process.getuid()}, gid ${process.getgid()}` : 'this user';
}

function ownerOf(): string {
  return process.getuid && process.getgid ? `${process.getuid()}:${process.getgid()}` : '<user>';
}
