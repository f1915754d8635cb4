#!/usr/bin/env node
// `npm start`: builds what is out of date (build-if-stale.js), then runs the server in this same process, so a
// start with nothing changed costs one Node.js process, not two. On the embedded database the server is loaded
// from its bundle with V8's code cache (lib/server-bundle.js, lib/start-cache.js): a restart ~25 % sooner. On
// PostgreSQL (DATABASE_URL), where the server is held to 300 MB, from dist/main.js: the cached code of the whole
// start stays resident, 25–50 MB more at idle (docs/decisions/026). Also from dist/main.js where no bundle was built.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

require('./build-if-stale').then(
  () => {
    const bundle = path.join(__dirname, '..', 'dist', require('./lib/server-bundle').BUNDLE);
    if (!process.env.DATABASE_URL && fs.existsSync(bundle)) require('./lib/start-cache').loadWithCodeCache(bundle);
    else require('../dist/main');
  },
  (e) => {
    process.stderr.write(`npm start: the build failed: ${e.message}\n`);
    process.exit(1);
  },
);
