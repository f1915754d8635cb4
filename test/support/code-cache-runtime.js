'use strict';
// Jest's runtime with V8's code cache. Every test file has a module registry of its own, so Jest compiles each
// module again for every file: an e2e file loads the whole application (~2,000 modules), and compiling them took
// about 2 s of its worker's time, for each of the ~200 e2e files. Here the compiled code of a module is kept on
// disk under Jest's cache directory, keyed by the hash of the code Jest runs, and handed back to V8, which checks
// it and compiles afresh when it does not fit (another V8 version or flags).
// Only how a module is compiled changes: Jest's transform, module registry, sandbox and dynamic import are its own.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;
const { readIfPresent, writeAtomically } = require('../../scripts/lib/cache-file');

class CodeCacheRuntime extends Runtime {
  constructor(config, ...rest) {
    super(config, ...rest);
    /** Modules compiled without a usable cache entry: their code is kept at teardown. */
    this.codeCachePending = [];
    const executor = this.executor;
    // The module executor is Jest's own: without the members used here, Jest compiles as it always does.
    if (!executor || typeof executor.compile !== 'function' || !Array.isArray(executor.injectedModuleParameters)) return;
    const jestCompile = executor.compile.bind(executor);
    const dir = path.join(config.cacheDirectory, `v8-code-cache-${process.version}`);
    fs.mkdirSync(dir, { recursive: true });
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null || executor.resolution.isCoreModule(filename)) return jestCompile(source, filename);
      const wrapped = `(function (${executor.injectedModuleParameters.join(', ')}) {${source}\n})`;
      // By the code alone: a clone elsewhere (CI's) finds what an earlier run compiled.
      const file = path.join(dir, crypto.createHash('sha1').update(wrapped).digest('hex'));
      const cachedData = readIfPresent(file);
      let script;
      try {
        script = new vm.Script(wrapped, {
          filename,
          cachedData,
          importModuleDynamically: (specifier, _script, attributes, phase) => executor.dynamicImport(specifier, filename, context, attributes, phase),
        });
      } catch {
        return jestCompile(source, filename); // a module that does not compile: Jest's own error for it
      }
      if (!cachedData || script.cachedDataRejected) this.codeCachePending.push({ file, script });
      return script.runInContext(context);
    };
  }

  /** After the file's tests, so the code kept includes the functions they ran. */
  teardown() {
    for (const { file, script } of this.codeCachePending.splice(0)) writeAtomically(file, script.createCachedData());
    return super.teardown();
  }
}

module.exports = CodeCacheRuntime;
