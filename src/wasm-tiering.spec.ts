import { execFileSync } from 'node:child_process';
import { deferWasmOptimizationWhileStarting, V8_DEFAULT_WASM_TIERING_BUDGET } from './wasm-tiering';

describe('the WebAssembly tiering budget while the server starts', () => {
  it("restores V8's own default, which is the one this Node.js line has", () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    const declared = /--wasm-tiering-budget \(.*\)\n\s+type: int\s+default: --wasm-tiering-budget=(\d+)/.exec(options);
    expect(declared).not.toBeNull();
    expect(Number(declared![1])).toBe(V8_DEFAULT_WASM_TIERING_BUDGET);
  });

  it('leaves a budget set on the command line or in NODE_OPTIONS alone', () => {
    expect(deferWasmOptimizationWhileStarting(['--wasm-tiering-budget=5'], '')).toBeNull();
    expect(deferWasmOptimizationWhileStarting([], '--max-old-space-size=100 --wasm_tiering_budget=5')).toBeNull();
    // Otherwise raised, with a function that puts V8's default back (the flag is process-wide and cannot be read
    // back: the test process ends with the default in force).
    const restore = deferWasmOptimizationWhileStarting([], '');
    expect(typeof restore).toBe('function');
    restore!();
  });
});
