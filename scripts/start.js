#!/usr/bin/env node
// `npm start`: builds what is out of date (build-if-stale.js), then runs the server in this same process, so a
// start with nothing changed costs one Node.js process, not two. The server is loaded from its bundle with V8's
// code cache (lib/server-bundle.js, lib/start-cache.js), or from dist/main.js where no bundle was built.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

require('./build-if-stale').then(
  () => {
    const bundle = path.join(__dirname, '..', 'dist', require('./lib/server-bundle').BUNDLE);
    if (fs.existsSync(bundle)) require('./lib/start-cache').loadWithCodeCache(bundle);
    else require('../dist/main');
  },
  (e) => {
    process.stderr.write(`npm start: the build failed: ${e.message}\n`);
    process.exit(1);
  },
);
