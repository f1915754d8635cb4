import { setFlagsFromString } from 'node:v8';

/** V8's `--wasm-tiering-budget` on every supported Node.js line (22, 24, 26); wasm-tiering.spec.ts checks it. */
export const V8_DEFAULT_WASM_TIERING_BUDGET = 13_000_000;

/**
 * While a server on the embedded database starts, PostgreSQL's WebAssembly (on the database's thread) and Prisma's
 * query compiler run their start-up code, and V8 recompiles whatever of it gets hot with its optimizing compiler on
 * helper threads, which then compete for the cores with the main thread loading the application: about a tenth of
 * a restart on two cores. With ten times V8's budget that code stays on the baseline tier; once the server listens,
 * the default applies again. An instance's functions start with the budget in force when it was instantiated, so
 * what stays hot reaches the optimizing tier after ten times the usual work, once (the first seconds of load).
 * Nothing changes (null) when the budget was set on the command line or in NODE_OPTIONS.
 * Returns what to call once the server listens.
 */
export function deferWasmOptimizationWhileStarting(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS): (() => void) | null {
  if (setByUser(execArgv, nodeOptions)) return null;
  setFlagsFromString(`--wasm-tiering-budget=${10 * V8_DEFAULT_WASM_TIERING_BUDGET}`);
  return () => setFlagsFromString(`--wasm-tiering-budget=${V8_DEFAULT_WASM_TIERING_BUDGET}`);
}

function setByUser(execArgv: string[], nodeOptions = ''): boolean {
  return [...execArgv, nodeOptions].some((arg) => /--wasm[-_]tiering[-_]budget/.test(arg));
}
