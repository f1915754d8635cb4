'use strict';
// Runs a command to completion for the container test: its stdout back, or an error carrying the end of
// its output. `logFile` sends long output (a build, debootstrap) to a file and shows only its end on failure.
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const TAIL_LINES = 40;

class CommandError extends Error {
  constructor(command, status, output) {
    super(`\`${command}\` exited with ${status}${output ? `:\n${tail(output)}` : ''}`);
    this.status = status;
    this.output = output;
  }
}

function tail(text) {
  return text.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, logFile?: string, allowFail?: boolean }} [opts]
 * @returns {string} stdout (with allowFail, failures return it too; see `lastStatus`)
 */
function sh(cmd, args, opts = {}) {
  const command = [cmd, ...args].join(' ');
  let result;
  if (opts.logFile) {
    const fd = fs.openSync(opts.logFile, 'a');
    try {
      result = spawnSync(cmd, args, { env: opts.env, stdio: ['ignore', fd, fd] });
    } finally {
      fs.closeSync(fd);
    }
  } else {
    result = spawnSync(cmd, args, { env: opts.env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  }
  if (result.error) throw new Error(`\`${command}\` could not run: ${result.error.message}`);
  const output = opts.logFile ? fs.readFileSync(opts.logFile, 'utf8') : `${result.stdout}${result.stderr}`;
  sh.lastStatus = result.status;
  sh.lastOutput = output;
  if (result.status !== 0 && !opts.allowFail) throw new CommandError(command, result.status ?? result.signal, output);
  return opts.logFile ? '' : result.stdout;
}

/** True when `cmd` is on PATH. */
function available(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** Mount points below `dir`, deepest first. */
function mountsUnder(dir) {
  return fs
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1])
    .filter((m) => m && m.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
}

/**
 * Removes a folder a container tool worked in. What is still mounted below it (a /proc, /sys or /dev that
 * debootstrap or podman left behind after a failure) is unmounted first, so the removal never reaches into
 * the machine's own file systems; if something stays mounted, the folder is left and the answer is false.
 */
function removeTree(dir) {
  for (const mount of mountsUnder(dir)) spawnSync('umount', ['-l', mount], { stdio: 'ignore' });
  if (mountsUnder(dir).length) return false;
  fs.rmSync(dir, { recursive: true, force: true });
  return !fs.existsSync(dir);
}

module.exports = { sh, available, tail, removeTree, mountsUnder, CommandError };
