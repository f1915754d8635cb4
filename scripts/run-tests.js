#!/usr/bin/env node
// `npm test`: makes sure the PostgreSQL service is up (the e2e suite runs on it and on PGlite), then runs
// every Jest project and ends with one plain summary line. Extra arguments go to Jest.
const { spawnSync, execSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

async function postgresReachable() {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function tryStartPostgres() {
  try {
    const versions = fs.readdirSync('/etc/postgresql');
    for (const v of versions) {
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${v} main start`, { stdio: 'inherit' });
    }
  } catch (err) {
    process.stderr.write(`Could not start PostgreSQL: ${err.message}\n`);
  }
}

/** The ten slowest test files of this run, from the timings the Jest reporter keeps (test/support/timings-reporter.js). */
function slowestFiles() {
  const { TIMINGS } = require('../test/support/timings-reporter');
  try {
    const { files } = JSON.parse(fs.readFileSync(TIMINGS, 'utf8'));
    const lines = files.slice(0, 10).map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.file}${f.project ? ` (${f.project})` : ''}`);
    return `slowest test files (every file: ${path.relative(process.cwd(), TIMINGS)}):\n${lines.join('\n')}`;
  } catch {
    return '';
  }
}

async function main() {
  if (!(await postgresReachable())) {
    process.stderr.write(`PostgreSQL is not reachable at ${ADMIN_URL}; trying to start the local service\n`);
    tryStartPostgres();
    for (let i = 0; i < 20 && !(await postgresReachable()); i++) await new Promise((r) => setTimeout(r, 500));
    if (!(await postgresReachable())) {
      process.stderr.write('PostgreSQL is still not reachable: set TEST_ADMIN_DATABASE_URL to a server the tests may create databases on.\n');
      process.exit(1);
    }
  }
  fs.rmSync(require('../test/support/timings-reporter').TIMINGS, { force: true });
  const report = path.join(os.tmpdir(), `commerce-api-jest-${process.pid}.json`);
  const jest = require.resolve('jest/bin/jest');
  // Jest's VM allows a dynamic import() only with this flag (a test that opens PGlite on Jest's own thread
  // needs it; the server runs PGlite on a worker thread, outside Jest's VM).
  const args = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, '--ci', '--maxWorkers=2', '--json', `--outputFile=${report}`, ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
  let summary = '';
  try {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`;
    if (r.numPendingTests) summary += `, ${r.numPendingTests} skipped`;
    // A file can fail outside its tests (a hook, or the responses checked against the OpenAPI contract at its end).
    if (r.numFailedTestSuites) summary += `; ${r.numFailedTestSuites} of ${r.numTotalTestSuites} files failed`;
    fs.unlinkSync(report);
  } catch {
    summary = '';
  }
  const slowest = slowestFiles();
  if (slowest) process.stdout.write(`\n${slowest}\n`);
  if (summary) process.stdout.write(`\n${summary}\n`);
  process.exit(run.status ?? 1);
}

main();
