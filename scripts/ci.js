#!/usr/bin/env node
// The stages of CI (.ci/run, after the machine's packages and services), each timed, ending with a table of
// the stage times and the run's total:
//   install     `npm ci` on the image's Node.js line
//   suite       `npm test` (the whole suite, type-check included) on the image's line
//   node <line> the unit tests and the smoke test (test/smoke) on each other supported line
//   container   `npm run test:container` (the image built on its base and run on both databases)
// The image's line is the Dockerfile's `FROM node:<line>-slim`; the other lines are CI_NODE_LINES (default
// "22 26"). Each line's binary comes from the npm registry, cached between runs (scripts/node-line.js).
// Stops at the first stage that fails (its status is the run's).
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const { nodeLineBin } = require('./node-line');
const { baseImageLine } = require('./lib/node-base-standin');

const root = path.resolve(__dirname, '..');
const imageLine = baseImageLine(path.join(root, 'Dockerfile'));
const otherLines = (process.env.CI_NODE_LINES ?? '22 26').split(/[\s,]+/).filter((l) => l && l !== imageLine);
const log = (msg) => console.log(`[ci] ${msg}`);
const stages = [];
const started = Date.now();

function run(command, args, bin) {
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('close', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
}

async function stage(name, fn) {
  log(`── ${name}`);
  const t0 = Date.now();
  const status = await fn();
  stages.push({ name, seconds: (Date.now() - t0) / 1000, status });
  return status;
}

function report() {
  const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
  const total = (Date.now() - started) / 1000;
  console.log('\n[ci] stage times');
  for (const s of stages) console.log(`[ci]   ${s.name.padEnd(22)} ${minutes(s.seconds).padStart(13)}  ${s.status === 0 ? 'passed' : `FAILED (${s.status})`}`);
  console.log(`[ci]   ${'total'.padEnd(22)} ${minutes(total).padStart(13)}`);
}

async function main() {
  const image = nodeLineBin(imageLine, { log });
  log(`the image's Node.js line: ${image.version}; other lines: ${otherLines.join(', ') || 'none'}`);
  const steps = [
    [`install (node ${imageLine})`, () => run('npm', ['ci', '--no-audit', '--no-fund'], image.bin)],
    [`suite (node ${imageLine})`, () => run('node', ['scripts/run-tests.js'], image.bin)],
    ...otherLines.map((line) => [
      `node ${line}: unit, smoke`,
      async () => {
        const other = nodeLineBin(line, { log });
        log(`Node.js ${other.version}`);
        return run('node', ['scripts/run-tests.js', '--selectProjects', 'unit', 'smoke'], other.bin);
      },
    ]),
    ['container', () => run('npm', ['run', 'test:container'], image.bin)],
  ];
  for (const [name, fn] of steps) {
    const status = await stage(name, fn);
    if (status !== 0) {
      report();
      process.exit(status);
    }
  }
  report();
}

main().catch((e) => {
  console.error(`[ci] ${e.stack ?? e}`);
  report();
  process.exit(1);
});
