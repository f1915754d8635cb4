import { readFile } from 'node:fs/promises';
import type { GetPrismaClientConfig } from '@prisma/client/runtime/client';

/**
 * Prisma's query compiler is a 3.4 MB WebAssembly module that the generated client loads from a JavaScript file
 * holding it as one base64 string literal. Loading that file costs a start 105–180 ms of main-thread parsing and
 * keeps the 4.4 MB string in the heap; reading it as text and decoding the literal costs ~10 ms, and the module is
 * compiled lazily (~20 ms). It is compiled on the main thread rather than with `WebAssembly.compile` on V8's
 * threads: with the latter, 3 of 8 catalog publishes on PostgreSQL peaked above 320 MB of RSS, against 3 of 18.
 * Every PrismaClient of the process shares the one module (Prisma keeps the first compiler it loads).
 */
export const COMPILER_FILE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js';
const LITERAL_START = 'const wasm = "';

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/** The compiler module, or undefined when the file is not in the form read here (Prisma's own loading then runs). */
export function queryCompilerModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= readFile(require.resolve(COMPILER_FILE), 'utf8').then(compilerModuleFrom, () => undefined);
  return compiled;
}

/**
 * The module in the text of the compiler's file, or undefined when the text is not `const wasm = "<base64>"…` with
 * valid WebAssembly in it. Found by position: a regular expression over the 4.5 MB literal threw RangeError (maximum
 * call stack size exceeded) in some of the test suite's processes.
 */
export function compilerModuleFrom(text: string): WebAssembly.Module | undefined {
  if (!text.startsWith(LITERAL_START)) return undefined;
  const end = text.indexOf('"', LITERAL_START.length);
  if (end < 0) return undefined;
  try {
    return new WebAssembly.Module(Buffer.from(text.slice(LITERAL_START.length, end), 'base64'));
  } catch {
    return undefined;
  }
}

/** The generated client's configuration with the compiler read as above, falling back to Prisma's own loading. */
export function withFastCompilerLoading(config: GetPrismaClientConfig): GetPrismaClientConfig {
  const loading = config.compilerWasm;
  if (!loading) return config;
  return {
    ...config,
    compilerWasm: {
      ...loading,
      getQueryCompilerWasmModule: async () => (await queryCompilerModule()) ?? loading.getQueryCompilerWasmModule(),
    },
  };
}
