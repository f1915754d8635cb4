#!/usr/bin/env node
// The stages of CI (.ci/run, after the machine's packages and services), each timed, ending with a table of
// the stage times and the run's total:
//   install     `npm ci` on the image's Node.js line
//   suite       `npm test` (the whole suite, type-check included) on the image's line
//   node <line> the unit tests and the smoke test (test/smoke) on each other supported line
//   container   `npm run test:container` (the image built on its base and run on both databases)
// The image's line is the Dockerfile's `FROM node:<line>-slim`; the other lines are CI_NODE_LINES (default
// "22 26"). Each line's binary comes from the npm registry, cached between runs (scripts/node-line.js).
//
// After the suite, two lanes run side by side: the other lines' stages one after the other, and the container
// test (each lane's output with its name in front). Neither depends on the other's timing (their tests wait for
// events; the container's deadlines are minutes), and the container build waits on the network and the disk for
// much of its time (npm ci in the image, layers), which the unit tests can use. CI_OVERLAP=0 runs them one after
// the other.
// CI_STAGES chooses stages (default "install suite lines container"), e.g. CI_STAGES="lines container".
// Stops after the first stage that fails (its status is the run's); a lane beside it is let finish.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const readline = require('node:readline');
const { nodeLineBin } = require('./node-line');
const { baseImageLine } = require('./lib/node-base-standin');

const root = path.resolve(__dirname, '..');
const imageLine = baseImageLine(path.join(root, 'Dockerfile'));
const otherLines = (process.env.CI_NODE_LINES ?? '22 26').split(/[\s,]+/).filter((l) => l && l !== imageLine);
const chosen = new Set((process.env.CI_STAGES ?? 'install suite lines container').split(/[\s,]+/).filter(Boolean));
const overlap = process.env.CI_OVERLAP !== '0';
const log = (msg) => console.log(`[ci] ${msg}`);
const stages = [];
const started = Date.now();

/** Runs a command with `bin` first on PATH; with a `label`, every line of its output is printed after it. */
function run(command, args, bin, label) {
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (label) {
      for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`[${label}] ${line}\n`));
      }
    }
    child.once('close', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
}

async function stage(name, fn) {
  log(`── ${name}`);
  const t0 = Date.now();
  const status = await fn();
  const seconds = (Date.now() - t0) / 1000;
  stages.push({ name, seconds, status });
  log(`── ${name}: ${status === 0 ? 'passed' : `FAILED (${status})`} in ${minutes(seconds)}`);
  return status;
}

function minutes(s) {
  return `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
}

function report() {
  const total = (Date.now() - started) / 1000;
  console.log('\n[ci] stage times');
  for (const s of stages) console.log(`[ci]   ${s.name.padEnd(30)} ${minutes(s.seconds).padStart(13)}  ${s.status === 0 ? 'passed' : `FAILED (${s.status})`}`);
  console.log(`[ci]   ${'total'.padEnd(30)} ${minutes(total).padStart(13)}`);
}

/** Runs the steps one after the other, stopping at the first that fails; resolves with its status (0 if none). */
async function sequence(steps) {
  for (const [name, fn] of steps) {
    const status = await stage(name, fn);
    if (status !== 0) return status;
  }
  return 0;
}

async function main() {
  const image = nodeLineBin(imageLine, { log });
  log(`the image's Node.js line: ${image.version}; other lines: ${otherLines.join(', ') || 'none'}; stages: ${[...chosen].join(', ')}`);
  const label = (name) => (overlap ? name : undefined);
  const lines = otherLines.map((line) => [
    `node ${line}: unit, smoke`,
    async () => {
      const other = nodeLineBin(line, { log });
      log(`Node.js ${other.version}`);
      return run('node', ['scripts/run-tests.js', '--selectProjects', 'unit', 'smoke'], other.bin, label(`node ${line}`));
    },
  ]);
  const container = [['container', () => run('npm', ['run', 'test:container'], image.bin, label('container'))]];
  const first = [
    ...(chosen.has('install') ? [[`install (node ${imageLine})`, () => run('npm', ['ci', '--no-audit', '--no-fund'], image.bin)]] : []),
    ...(chosen.has('suite') ? [[`suite (node ${imageLine})`, () => run('node', ['scripts/run-tests.js'], image.bin)]] : []),
  ];
  const lanes = [chosen.has('lines') ? lines : [], chosen.has('container') ? container : []].filter((l) => l.length);
  let status = await sequence(first);
  if (status === 0) {
    if (overlap && lanes.length > 1) {
      const t0 = Date.now();
      const statuses = await Promise.all(lanes.map(sequence));
      stages.push({ name: `(side by side: ${lanes.map((l) => l.map(([n]) => n.split(':')[0]).join(' + ')).join(' | ')})`, seconds: (Date.now() - t0) / 1000, status: statuses.find((s) => s !== 0) ?? 0 });
      status = statuses.find((s) => s !== 0) ?? 0;
    } else {
      status = await sequence(lanes.flat());
    }
  }
  report();
  process.exit(status);
}

main().catch((e) => {
  console.error(`[ci] ${e.stack ?? e}`);
  report();
  process.exit(1);
});
