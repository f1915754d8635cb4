import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname } from 'node:path';

/** Who holds a data directory, as its lock file tells (for the message of whoever is refused). */
export interface DataDirectoryOwner {
  pid: number;
  hostname: string;
  /** The script the owner runs, e.g. `main.js` (the server), `db-migrate.js`, `seed.js`. */
  command: string;
  since: string;
}

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirectoryOwner | undefined,
  ) {
    const who = owner
      ? `process ${owner.pid} on host ${owner.hostname} (${owner.command}, since ${owner.since})`
      : 'another process (it has not written its name yet)';
    super(
      `The PGlite data directory ${dataDir} is in use by ${who}. Only one process may open a data directory: ` +
        'stop that one first (several servers need PostgreSQL: set DATABASE_URL).',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

interface FileLocks {
  tryLock(fd: number): boolean;
}

/**
 * The lock is an open-file-description lock (Linux `F_OFD_SETLK`, `fcntl` record locks elsewhere) taken on
 * `<data directory>.lock`, through the fs-native-extensions addon. The kernel holds it for the open file and
 * drops it when the process ends, however it ends (kill -9, a container stopped): a lock of a dead process
 * never blocks, whatever PID the next process gets (PID 1 again in a restarted container, or a PID that
 * another process now has), and a live owner always blocks, in another PID namespace too (two containers on
 * one volume). The file's content only names the owner for the refusal's message.
 *
 * It sits beside the data directory, not in it: a new data directory is created by renaming a copy of the
 * template onto it, which needs it empty.
 */
export class DataDirectoryLock {
  private constructor(
    readonly file: string,
    private fd: number | undefined,
  ) {}

  static lockFileOf(dataDir: string): string {
    return `${dataDir}.lock`;
  }

  /** Takes the lock of `dataDir` (an absolute path) or throws DataDirectoryInUseError naming its owner. */
  static acquire(dataDir: string): DataDirectoryLock {
    const locks = fileLocks();
    const file = DataDirectoryLock.lockFileOf(dataDir);
    mkdirSync(dirname(file), { recursive: true });
    for (;;) {
      const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
      let kept = false;
      try {
        if (!locks.tryLock(fd)) throw new DataDirectoryInUseError(dataDir, readOwner(file));
        // The owner may have released it (removing the file) between our open and our lock: then the lock
        // is on a file nobody else will ever open, so start again on the one at the path now.
        if (!sameFile(fd, file)) continue;
        const owner: DataDirectoryOwner = { pid: process.pid, hostname: hostname(), command: commandName(), since: new Date().toISOString() };
        ftruncateSync(fd, 0);
        writeSync(fd, `${JSON.stringify(owner)}\n`, 0);
        kept = true;
        return new DataDirectoryLock(file, fd);
      } finally {
        if (!kept) closeSync(fd);
      }
    }
  }

  /** Removes the lock file while still holding the lock, then lets go of it. */
  release(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      if (sameFile(fd, this.file)) unlinkSync(this.file);
    } finally {
      closeSync(fd);
    }
  }
}

let loaded: FileLocks | undefined;

function fileLocks(): FileLocks {
  if (loaded) return loaded;
  try {
    loaded = require('fs-native-extensions') as FileLocks;
  } catch (e) {
    throw new Error(
      `Cannot lock a PGlite data directory on this platform (${process.platform}-${process.arch}): the file-lock addon did not load ` +
        `(${(e as Error).message}). Use PostgreSQL (DATABASE_URL) or an in-memory database (PGLITE_DATA_DIR=memory://).`,
    );
  }
  return loaded;
}

function sameFile(fd: number, file: string): boolean {
  const held = fstatSync(fd);
  try {
    const current = statSync(file);
    return current.ino === held.ino && current.dev === held.dev;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

function readOwner(file: string): DataDirectoryOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as DataDirectoryOwner;
    return typeof owner?.pid === 'number' ? owner : undefined;
  } catch {
    return undefined; // being written, or removed meanwhile
  }
}

function commandName(): string {
  return process.argv[1] ? basename(process.argv[1]) : 'node';
}
