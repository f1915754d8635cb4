// Loads the server's bundle with V8's code cache of its functions, kept between starts. Node's own compile cache
// keeps only a file's top-level code, and in a bundle the modules are functions inside it, compiled again at every
// start; this cache is made once the server listens, so it holds every function the start ran. V8 checks the
// cache against the code and its own version and flags, and compiles afresh when it does not fit; the cache is
// then made again. Kept under the temporary directory, by the bundle's hash and the Node.js version.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { readIfPresent, writeAtomically } = require('./cache-file');

/** What the server emits on `process` once it listens (src/main.ts). */
const LISTENING = 'commerce-api:listening';

function loadWithCodeCache(file, cacheDir = path.join(os.tmpdir(), 'commerce-api-start-cache')) {
  const source = fs.readFileSync(file, 'utf8');
  const key = crypto.createHash('sha1').update(source).update(process.version).digest('hex');
  const cacheFile = path.join(cacheDir, `${key}.v8`);
  const cachedData = readIfPresent(cacheFile);
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) process.once(LISTENING, () => writeAtomically(cacheFile, script.createCachedData()));
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.cache = Module._cache;
  require.main = process.mainModule;
  Module._cache[file] = mod;
  script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  mod.loaded = true;
  return { cached: Boolean(cachedData && !script.cachedDataRejected), exports: mod.exports };
}

module.exports = { loadWithCodeCache, LISTENING };
