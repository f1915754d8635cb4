import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './test-app';

const ROOT = resolve(__dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Every stdout/stderr line (pino JSON when LOG_LEVEL=info). */
  lines: string[];
  /** SIGTERM (graceful) and wait for exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown hooks, in-flight work is simply lost. */
  kill(): Promise<void>;
}

/**
 * Starts the real server as a separate Node process (`src/main.ts` through ts-node, transpile only), for
 * tests that need several replicas or a hard crash. Resolves once it logs that it is listening.
 */
export async function spawnServer(env: Record<string, string>, startTimeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      TS_NODE_PROJECT: existsSync(resolve(ROOT, 'tsconfig.json')) ? resolve(ROOT, 'tsconfig.json') : '',
      CLIENT_ID: TEST_CLIENT_ID,
      CLIENT_SECRET: TEST_CLIENT_SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      FILES_DIR: `/tmp/commerce-api-test-files/${Date.now()}-${Math.random().toString(36).slice(2)}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const port = await new Promise<number>((res, rej) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rej(new Error(`server did not start within ${startTimeoutMs} ms:\n${lines.slice(-20).join('\n')}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        const m = /listening on https?:\/\/[^:]+:(\d+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          res(Number(m[1]));
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      rej(new Error(`server exited (${code}) before listening:\n${lines.slice(-20).join('\n')}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    lines,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
