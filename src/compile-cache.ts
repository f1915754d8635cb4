import * as nodeModule from 'node:module';

/**
 * V8's compiled code of every module the server loads, kept on disk between starts (Node.js 22.1 and later,
 * in NODE_COMPILE_CACHE or the temporary directory): a restart with nothing changed does not compile the
 * application and its dependencies again. Imported first by main.ts, before the application's modules load.
 * The embedded database's thread finds the same folder through NODE_COMPILE_CACHE. Nothing on Node.js 20.
 */
const { enableCompileCache } = nodeModule as { enableCompileCache?: (dir?: string) => { directory?: string } };
const cache = enableCompileCache?.();
if (cache?.directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = cache.directory;
