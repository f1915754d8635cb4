const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadWithCodeCache, LISTENING } = require('./start-cache');

/** A start in a process of its own (V8 reuses code it compiled in this one, cache or not): what it reports. */
function startInNewProcess(file, cacheDir) {
  const script = `const s = require(${JSON.stringify(require.resolve('./start-cache'))});
    const r = s.loadWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)});
    process.emit(s.LISTENING);
    process.stdout.write(JSON.stringify({ cached: r.cached, answer: r.exports.answer() }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe('loading the server bundle with a code cache made once it listens', () => {
  let dir;
  let cacheDir;
  let file;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-cache-spec-'));
    cacheDir = path.join(dir, 'cache');
    file = path.join(dir, 'bundle.js');
    fs.writeFileSync(path.join(dir, 'beside.js'), 'module.exports = 41;');
    fs.writeFileSync(file, "const beside = require('./beside');\nexports.answer = () => beside + 1;\nexports.where = __dirname;\n");
  });
  afterEach(() => {
    process.removeAllListeners(LISTENING);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const entries = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

  it('runs the file as a module of its folder, and keeps its code once the server listens, not before', () => {
    const first = loadWithCodeCache(file, cacheDir);
    expect(first.cached).toBe(false);
    expect(first.exports.answer()).toBe(42);
    expect(first.exports.where).toBe(dir);
    expect(entries()).toEqual([]);
    process.emit(LISTENING);
    expect(entries()).toHaveLength(1);
    expect(startInNewProcess(file, cacheDir)).toEqual({ cached: true, answer: 42 });
  });

  it('compiles afresh and keeps a new cache when the kept one does not fit (damaged, or of another bundle)', () => {
    expect(startInNewProcess(file, cacheDir)).toEqual({ cached: false, answer: 42 });
    const [entry] = entries();
    fs.writeFileSync(path.join(cacheDir, entry), Buffer.from('not a code cache'));
    expect(startInNewProcess(file, cacheDir)).toEqual({ cached: false, answer: 42 });
    expect(startInNewProcess(file, cacheDir)).toEqual({ cached: true, answer: 42 });

    fs.appendFileSync(file, 'exports.answer = () => 43;\n');
    expect(startInNewProcess(file, cacheDir)).toEqual({ cached: false, answer: 43 });
  });
});
