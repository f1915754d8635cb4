/** Unit tests beside the source; the e2e suite runs twice: on embedded PGlite and on the PostgreSQL service. */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.test.json' }];
const e2e = (db) => ({
  displayName: `e2e-${db}`,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  setupFiles: [`<rootDir>/test/support/env-${db}.ts`],
});

module.exports = {
  testTimeout: 60000,
  // Per-file durations are kept in test-results/timings.json (see the reporter).
  reporters: ['default', '<rootDir>/test/support/timings-reporter.js'],
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': tsJest },
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    // A smoke run of the benchmark harness (bench/): its load loop and API client, never a benchmark.
    { displayName: 'bench-harness', testEnvironment: 'node', testMatch: ['<rootDir>/bench/**/*.spec.js'] },
    e2e('pglite'),
    e2e('postgres'),
  ],
};
