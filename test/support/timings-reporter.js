// A Jest reporter: how long each test file took, per project (the e2e files run on two databases), kept in
// test-results/timings.json, slowest first (`npm test` prints the ten slowest at the end of the run).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const TIMINGS = path.join(ROOT, 'test-results', 'timings.json');

class TimingsReporter {
  constructor() {
    this.files = [];
  }

  onTestResult(test, result) {
    const { start, end } = result.perfStats;
    this.files.push({
      file: path.relative(ROOT, result.testFilePath),
      project: test.context.config.displayName?.name ?? null,
      seconds: (end - start) / 1000,
      tests: result.testResults.length,
      failed: result.numFailingTests,
    });
  }

  onRunComplete() {
    if (this.files.length === 0) return;
    const files = this.files.sort((a, b) => b.seconds - a.seconds);
    fs.mkdirSync(path.dirname(TIMINGS), { recursive: true });
    fs.writeFileSync(TIMINGS, `${JSON.stringify({ writtenAt: new Date().toISOString(), files }, null, 2)}\n`);
  }
}

module.exports = TimingsReporter;
module.exports.TIMINGS = TIMINGS;
