/** Unit tests beside the source; the e2e suite runs twice: on embedded PGlite and on the PostgreSQL service. */
// TypeScript is compiled by SWC, as `nest build` does (.swcrc): no type checking here; `npm test` type-checks
// the whole project with tsc before Jest runs (scripts/run-tests.js).
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  },
];
// Jest's runtime with V8's code cache between test files (test/support/code-cache-runtime.js).
const runtime = '<rootDir>/test/support/code-cache-runtime.js';
const e2e = (db) => ({
  displayName: `e2e-${db}`,
  testEnvironment: '<rootDir>/test/support/e2e-environment.js',
  runtime,
  transform: { '^.+\\.ts$': swc },
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  setupFiles: [`<rootDir>/test/support/env-${db}.ts`],
});

module.exports = {
  testTimeout: 60000,
  // Each e2e file starts an application (and PGlite) whose modules stay in the worker's heap after it: past this
  // much, Jest starts a fresh worker for the next file, instead of letting one grow to V8's limit and spend its time
  // in full collections (a worker of the whole suite otherwise reaches 4 GB and is killed).
  workerIdleMemoryLimit: '1GB',
  // Per-file durations are kept in test-results/timings.json (see the reporter).
  reporters: ['default', '<rootDir>/test/support/timings-reporter.js'],
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      runtime,
      transform: { '^.+\\.ts$': swc },
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.js'],
    },
    // A smoke run of the benchmark harness (bench/): its load loop and API client, never a benchmark.
    { displayName: 'bench-harness', testEnvironment: 'node', testMatch: ['<rootDir>/bench/**/*.spec.js'] },
    e2e('pglite'),
    e2e('postgres'),
    // The server as `npm start` runs it, in a process of its own: what CI runs on every other Node.js line.
    { displayName: 'smoke', testEnvironment: 'node', runtime, transform: { '^.+\\.ts$': swc }, testMatch: ['<rootDir>/test/smoke/*.smoke-spec.ts'] },
  ],
};
