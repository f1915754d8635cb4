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
const COMPILER_FILE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js';
const LITERAL = /^const wasm = "([A-Za-z0-9+/=_-]+)"/;

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/** The compiler module, or undefined when the file is not in the form read here (Prisma's own loading then runs). */
export function queryCompilerModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= readFile(require.resolve(COMPILER_FILE), 'utf8').then(
    (text) => {
      const literal = LITERAL.exec(text)?.[1];
      return literal ? new WebAssembly.Module(Buffer.from(literal, 'base64')) : undefined;
    },
    () => undefined,
  );
  return compiled;
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
