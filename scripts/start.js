#!/usr/bin/env node
// `npm start`: builds what is out of date (build-if-stale.js), then runs the server in this same process, so a
// start with nothing changed costs one Node.js process, not two.
'use strict';
require('./build-if-stale').then(
  () => require('../dist/main'),
  (e) => {
    process.stderr.write(`npm start: the build failed: ${e.message}\n`);
    process.exit(1);
  },
);
