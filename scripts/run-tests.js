#!/usr/bin/env node
// `npm test`: makes sure the PostgreSQL service is up (the e2e suite runs on it and on PGlite), then runs
// every Jest project and ends with one plain summary line. Extra arguments go to Jest. Without arguments (the
// whole suite) the project is type-checked too (tsc, beside Jest: Jest and the build compile with SWC, which
// does not check types); `--type-check` asks for it with arguments, `--no-type-check` leaves it out.
const { spawn, execSync } = require('node:child_process');
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

/** `tsc --noEmit` over src/, test/ and bench/, in the background; resolves with its status and output. */
function typeCheck() {
  const started = Date.now();
  const child = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.test.json'], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, output, seconds: (Date.now() - started) / 1000 })));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function summaryOf(r) {
  let summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`;
  if (r.numPendingTests) summary += `, ${r.numPendingTests} skipped`;
  // A file can fail outside its tests (a hook, or the responses checked against the OpenAPI contract at its end).
  if (r.numFailedTestSuites) summary += `; ${r.numFailedTestSuites} of ${r.numTotalTestSuites} files failed`;
  return summary;
}

/** The files whose worker process ended by a signal the runtime raised, as Jest reports it. */
function crashedFiles(r) {
  const bySignal = /jest worker process \(pid=\d+\) was terminated by another process: signal=SIG(SEGV|TRAP|BUS|ILL|ABRT)/;
  return [...new Set(r.testResults.filter((t) => t.status === 'failed' && bySignal.test(t.message ?? '')).map((t) => t.name))];
}

async function main() {
  const started = Date.now();
  const argv = process.argv.slice(2);
  const typeCheckFlag = argv.find((a) => a === '--type-check' || a === '--no-type-check');
  const jestArgs = argv.filter((a) => a !== typeCheckFlag);
  const checking = typeCheckFlag ? typeCheckFlag === '--type-check' : jestArgs.length === 0;
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
  const args = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, '--ci', '--maxWorkers=2', '--json', `--outputFile=${report}`, ...jestArgs];
  const types = checking ? typeCheck() : undefined;
  const jestStarted = Date.now();
  const runJest = (extra) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [...args, ...extra], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
      child.once('close', (status) => resolve({ status }));
    });
  let run = await runJest([]);
  const typed = await types;
  const result = readReport(report);
  let summary = result ? summaryOf(result) : '';
  // A test file whose worker process the runtime itself killed (a signal such as SIGSEGV or SIGTRAP, from V8 or
  // the WebAssembly engine under the embedded database) ran none of its assertions to the end: such files, and only
  // when nothing else failed, run once more on their own. A second crash or any failing test fails the run.
  const crashed = result ? crashedFiles(result) : [];
  if (run.status !== 0 && result && crashed.length > 0 && crashed.length === result.numFailedTestSuites && result.numFailedTests === 0) {
    process.stdout.write(`
the runtime stopped the worker of ${crashed.length} file(s) by a signal; running them again:
${crashed.map((f) => `  ${path.relative(process.cwd(), f)}`).join('\n')}
`);
    run = await runJest(['--runTestsByPath', ...crashed]);
    const again = readReport(report);
    summary += `\nrun again after a crash of the runtime: ${again ? summaryOf(again) : 'no report'}`;
  }
  fs.rmSync(report, { force: true });
  const jestMs = Date.now() - jestStarted;
  const slowest = slowestFiles();
  if (slowest) process.stdout.write(`\n${slowest}\n`);
  if (typed && typed.status !== 0) process.stdout.write(`\ntype errors (tsc --noEmit -p tsconfig.test.json):\n${typed.output}`);
  const stages = [`jest ${seconds(jestMs)}`];
  if (typed) stages.push(`type-check ${typed.status === 0 ? 'passed' : 'FAILED'} in ${typed.seconds.toFixed(1)} s (beside Jest)`);
  process.stdout.write(`\nNode.js ${process.version}: ${stages.join(', ')}; total ${seconds(Date.now() - started)}\n`);
  if (summary) process.stdout.write(`\n${summary}\n`);
  process.exit(run.status === 0 && (!typed || typed.status === 0) ? 0 : (run.status || 1));
}

main();
