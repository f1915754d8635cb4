// The server as one file (dist/main.bundle.js), which `npm start` loads with V8's code cache (start-cache.js): with
// ~2,000 modules, finding, reading and wrapping each file was a third of loading them. Built by esbuild from the
// compiled dist/main.js. Left outside it: packages that load files by their own path (Prisma's WebAssembly,
// PGlite, swagger-ui's assets, pino's transport threads, the file-lock addon), packages that an outside one also
// loads and that must be one copy for both (node-postgres, which Prisma's PostgreSQL adapter uses), optional
// packages Nest looks for and does not need, and the clients of services the server reaches only when configured.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const EXTERNAL = [
  '@prisma/*',
  '@electric-sql/pglite',
  'pglite-prisma-adapter',
  'pg',
  'pg-*',
  'swagger-ui-dist',
  'pino',
  'thread-stream',
  'fs-native-extensions',
  'require-addon',
  'ioredis',
  'stripe',
  '@nestjs/microservices',
  '@nestjs/websockets',
  'class-transformer/storage',
  '@fastify/*',
  'fsevents',
  'pg-native',
  'cache-manager',
  '@mikro-orm/*',
  '@nestjs/mongoose',
  '@nestjs/typeorm',
  '@nestjs/sequelize',
];

const BUNDLE = 'main.bundle.js';

/** Writes dist/main.bundle.js; without esbuild, or if it fails, no bundle is left and `npm start` loads dist/main.js. */
async function bundleServer(root) {
  const outfile = path.join(root, 'dist', BUNDLE);
  fs.rmSync(outfile, { force: true });
  let esbuild;
  try {
    esbuild = require(require.resolve('esbuild', { paths: [root] }));
  } catch {
    return false;
  }
  try {
    await esbuild.build({
      entryPoints: [path.join(root, 'dist', 'main.js')],
      outfile,
      bundle: true,
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      format: 'cjs',
      external: EXTERNAL,
      logLevel: 'silent',
    });
    return true;
  } catch (e) {
    fs.rmSync(outfile, { force: true });
    process.stderr.write(`the server's bundle was not built (npm start loads dist/main.js): ${e.message.split('\n')[0]}\n`);
    return false;
  }
}

module.exports = { bundleServer, BUNDLE };
