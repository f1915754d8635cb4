'use strict';
// The e2e files' Jest environment: Node's, plus `__e2eWorkerMemo`, a map that outlives each test file in its worker
// process (this module is loaded once per worker, outside the files' sandboxes). It holds only what is the same
// for every file of a run because it follows from the sources alone (test/support/openapi-responses.ts); a file's
// own state never goes there.
const { TestEnvironment } = require('jest-environment-node');

const memo = new Map();

class E2eEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__e2eWorkerMemo = memo;
  }
}

module.exports = E2eEnvironment;
