'use strict';
// The container engine the container test drives: Docker when a Docker engine answers, else Debian's
// buildah + podman + runc as root, with a storage and configuration of their own in a temporary folder
// (removed at the end) and a local stand-in for the Dockerfile's `node:<line>-slim` base image
// (see node-base-standin.js).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { sh, available, removeTree } = require('./container-shell');
const { importStandin } = require('./node-base-standin');

class ContainerEngine {
  /** @param {'docker' | 'podman'} kind */
  constructor(kind, log) {
    this.kind = kind;
    this.log = log;
    this.env = { ...process.env };
    this.made = { containers: new Set(), volumes: new Set(), images: new Set() };
    this.root = undefined;
  }

  /** CONTAINER_ENGINE=docker|podman chooses; otherwise Docker if its engine answers, else podman. */
  static detect(log) {
    const wanted = process.env.CONTAINER_ENGINE;
    if (wanted && wanted !== 'docker' && wanted !== 'podman') throw new Error(`CONTAINER_ENGINE must be docker or podman, got "${wanted}"`);
    if (wanted === 'docker' || (!wanted && available('docker') && sh('docker', ['info'], { allowFail: true }) && sh.lastStatus === 0)) {
      return new ContainerEngine('docker', log);
    }
    const missing = ['buildah', 'podman', 'runc'].filter((c) => !available(c));
    if (missing.length) {
      throw new Error(
        `No Docker engine, and ${missing.join(', ')} not installed. Install them (as root: ` +
          '`apt-get install -y --no-install-recommends buildah podman runc debootstrap`) or start Docker.',
      );
    }
    if (process.getuid?.() !== 0) throw new Error('buildah and podman are driven as root here (no Docker engine): run as root');
    return new ContainerEngine('podman', log);
  }

  get bin() {
    return this.kind;
  }

  cli(args, opts = {}) {
    return sh(this.bin, args, { env: this.env, ...opts });
  }

  /** podman: a storage and configuration of its own under a temporary folder, and the base image. */
  prepare(dockerfile) {
    if (this.kind === 'docker') return;
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-api-container-'));
    // runc (crun cannot run with hybrid cgroups here), no systemd, and the machine's own network; podman's
    // default file limits exceed the hard limits of some machines, so they are set explicitly.
    fs.writeFileSync(
      path.join(this.root, 'containers.conf'),
      [
        '[containers]',
        'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
        'netns = "host"',
        '[engine]',
        'runtime = "runc"',
        'cgroup_manager = "cgroupfs"',
        'events_logger = "file"',
        `events_logfile_path = "${this.root}/events.log"`,
        `tmp_dir = "${this.root}/libpod"`,
        '',
      ].join('\n'),
    );
    this.env.CONTAINERS_STORAGE_CONF = path.join(this.root, 'storage.conf');
    this.env.CONTAINERS_CONF = path.join(this.root, 'containers.conf');
    // overlay where the kernel and file system allow it (fast, small); vfs (a full copy per layer) otherwise.
    for (const driver of process.env.CONTAINER_STORAGE_DRIVER ? [process.env.CONTAINER_STORAGE_DRIVER] : ['overlay', 'vfs']) {
      fs.writeFileSync(
        this.env.CONTAINERS_STORAGE_CONF,
        `[storage]\ndriver = "${driver}"\ngraphroot = "${this.root}/storage"\nrunroot = "${this.root}/run"\n`,
      );
      this.cli(['info'], { allowFail: true });
      if (sh.lastStatus === 0) {
        this.log(`podman storage: ${driver} under ${this.root}`);
        break;
      }
      this.cli(['system', 'reset', '--force'], { allowFail: true });
    }
    importStandin(this, dockerfile, this.log);
  }

  build(tag, context, logFile) {
    this.made.images.add(tag);
    if (this.kind === 'docker') return sh('docker', ['build', '-t', tag, context], { env: this.env, logFile });
    // --format docker keeps HEALTHCHECK (the OCI format has no place for it).
    const args = ['bud', '--isolation', 'chroot', '--network', 'host', '--format', 'docker', '--pull=never', '-t', tag, context];
    return sh('buildah', args, { env: this.env, logFile });
  }

  imageSizeBytes(tag) {
    return Number(this.cli(['image', 'inspect', '--format', '{{.Size}}', tag]).trim());
  }

  createVolume(name) {
    this.made.volumes.add(name);
    this.cli(['volume', 'create', name]);
  }

  /** Starts a container in the background on the machine's network (PostgreSQL is on the loopback). */
  start(name, image, { env = {}, volume }) {
    this.made.containers.add(name);
    const args = ['run', '-d', '--name', name, '--network', 'host'];
    for (const [k, v] of Object.entries(env)) args.push('-e', `${k}=${v}`);
    if (volume) args.push('-v', volume);
    this.cli([...args, image]);
  }

  /** Runs a container to its end; its exit status and output. */
  runToEnd(name, image, { env = {}, volume }) {
    this.made.containers.add(name);
    const args = ['run', '--name', name, '--network', 'host'];
    for (const [k, v] of Object.entries(env)) args.push('-e', `${k}=${v}`);
    if (volume) args.push('-v', volume);
    this.cli([...args, image], { allowFail: true });
    return { status: sh.lastStatus, output: sh.lastOutput };
  }

  running(name) {
    return this.cli(['inspect', '--format', '{{.State.Running}}', name], { allowFail: true }).trim() === 'true';
  }

  exitCode(name) {
    return Number(this.cli(['inspect', '--format', '{{.State.ExitCode}}', name]).trim());
  }

  logs(name) {
    this.cli(['logs', name], { allowFail: true });
    return sh.lastOutput;
  }

  exec(name, command) {
    return this.cli(['exec', name, ...command]);
  }

  /** The image's HEALTHCHECK, run once now: podman runs it by name; Docker only schedules it, so it is exec'd. */
  healthcheck(name, image) {
    if (this.kind === 'podman') {
      this.cli(['healthcheck', 'run', name], { allowFail: true });
      return { status: sh.lastStatus, output: sh.lastOutput };
    }
    const test = JSON.parse(this.cli(['image', 'inspect', '--format', '{{json .Config.Healthcheck.Test}}', image]));
    const command = test[0] === 'CMD-SHELL' ? ['sh', '-c', test[1]] : test.slice(1);
    this.cli(['exec', name, ...command], { allowFail: true });
    return { status: sh.lastStatus, output: sh.lastOutput };
  }

  stop(name) {
    this.cli(['stop', '-t', '30', name]);
  }

  remove(name) {
    this.cli(['rm', '-f', name], { allowFail: true });
    this.made.containers.delete(name);
  }

  /** Removes every container, volume and image this test made, and podman's whole temporary storage. */
  cleanUp() {
    const problems = [];
    const attempt = (args) => {
      this.cli(args, { allowFail: true });
      if (sh.lastStatus !== 0) problems.push(`${this.bin} ${args.join(' ')}: ${sh.lastOutput.trim().split('\n').pop()}`);
    };
    for (const c of this.made.containers) attempt(['rm', '-f', '-v', c]);
    for (const v of this.made.volumes) attempt(['volume', 'rm', '-f', v]);
    for (const i of this.made.images) {
      if (this.kind === 'docker') attempt(['image', 'rm', '-f', i]);
    }
    if (this.root) {
      // Everything else lives in the temporary storage: a build cut short leaves buildah working containers.
      sh('buildah', ['rm', '--all'], { env: this.env, allowFail: true });
      this.cli(['rmi', '-a', '-f'], { allowFail: true });
      if (!removeTree(this.root)) problems.push(`${this.root} could not be removed`);
    }
    return problems;
  }
}

module.exports = { ContainerEngine };
