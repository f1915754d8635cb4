'use strict';
// Files of a cache that is only a speed-up (V8 code caches): a missing or unreadable one is a miss, a failed write
// is dropped, and concurrent readers never see half an entry.
const fs = require('node:fs');
const path = require('node:path');

/** The file's bytes, or undefined when it cannot be read. */
function readIfPresent(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written under another name (in a directory made if need be) and renamed over `file`. */
function writeAtomically(file, data) {
  const partial = `${file}.${process.pid}`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(partial, data);
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}

module.exports = { readIfPresent, writeAtomically };
