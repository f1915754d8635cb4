import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

export interface FreshCheckout {
  dir: string;
  remove(): void;
}

/**
 * What a newcomer gets from `git clone` + `npm install`, in a temporary folder: the repository's files as
 * this working tree has them (tracked and new, nothing ignored: no dist, no data, no generated client),
 * with this checkout's node_modules linked in place of a registry install (same lock, minutes saved), and
 * the project's postinstall step (the Prisma client) run as `npm install` would run it.
 */
export function freshCheckout(): FreshCheckout {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-api-checkout-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['scripts/prisma-generate.js'], { cwd: dir, stdio: 'ignore' });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface NpmProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (rejects if the process ends first). */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM to its whole process group (npm, the shell, the server), then waits for it to end. */
  stop(): Promise<number | null>;
}

/** `npm <args>` in `cwd` with exactly `env` (plus PATH and HOME), in a process group of its own. */
export function runNpm(cwd: string, args: string[], env: Record<string, string>): NpmProcess {
  const child = spawn('npm', args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of watchers) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((res) => child.once('close', (code) => res(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise((res, rej) => {
        const check = () => {
          const m = pattern.exec(output);
          if (m) {
            watchers.delete(check);
            res(m);
          }
        };
        watchers.add(check);
        check();
        void exited.then((code) => {
          if (watchers.delete(check)) rej(new Error(`npm ${args.join(' ')} ended (${code}) before printing ${pattern}:\n${output.slice(-3000)}`));
        });
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}
