import { Injectable } from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import type { RootLogger } from '../logging/logging.module';
import { PollingWorker, PollingSchedule } from './polling-worker';

const logger = { error: () => {} } as unknown as RootLogger;

/** A worker whose passes wait until the test lets them end. */
class Gate extends PollingWorker<number> {
  passes = 0;
  drained = false;
  private release: (() => void)[] = [];
  readonly passStarted: Promise<void>[] = [];
  private onPass?: () => void;

  constructor(schedule: Partial<PollingSchedule> = {}) {
    super(logger, { enabled: true, everyMs: 3_600_000, context: 'test', failure: 'test pass failed', ...schedule });
  }

  protected pass(): Promise<number> {
    const n = ++this.passes;
    this.onPass?.();
    return new Promise((resolve) => this.release.push(() => resolve(n)));
  }

  protected async drain() {
    this.drained = true;
  }

  /** Resolves when the next pass starts. */
  nextPass(): Promise<void> {
    return new Promise((resolve) => (this.onPass = resolve));
  }

  endPass() {
    this.release.shift()?.();
  }

  run() {
    return this.passNow();
  }
}

describe('PollingWorker', () => {
  it('runs one pass at a time: wake-ups during a pass make exactly one more pass after it', async () => {
    const worker = new Gate();
    const first = worker.nextPass();
    worker.wake(0);
    await first;
    worker.wake(0);
    await new Promise((r) => setImmediate(r));
    worker.wake(0);
    await new Promise((r) => setImmediate(r));
    expect(worker.passes).toBe(1);
    const second = worker.nextPass();
    worker.endPass();
    await second;
    worker.endPass();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(worker.passes).toBe(2);
    await worker.beforeApplicationShutdown();
  });

  it('debounces wake-ups: several before the pass starts make one pass', async () => {
    const worker = new Gate();
    const pass = worker.nextPass();
    worker.wake(5);
    worker.wake(5);
    worker.wake(0);
    await pass;
    worker.endPass();
    await new Promise((r) => setTimeout(r, 20));
    expect(worker.passes).toBe(1);
    await worker.beforeApplicationShutdown();
  });

  it('a pass asked for while one runs joins it and gets its result', async () => {
    const worker = new Gate();
    const a = worker.run();
    const b = worker.run();
    worker.endPass();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
  });

  it('at shutdown waits for the running pass, then drains, and starts no pass after', async () => {
    const worker = new Gate();
    void worker.run();
    const stopping = worker.beforeApplicationShutdown();
    await new Promise((r) => setImmediate(r));
    expect(worker.drained).toBe(false);
    worker.endPass();
    await stopping;
    expect(worker.drained).toBe(true);
    worker.wake(0);
    expect(await worker.run()).toBeUndefined();
    expect(worker.passes).toBe(1);
  });

  it('a disabled worker ignores wake-ups and sets no interval', async () => {
    const worker = new Gate({ enabled: false, passAtStart: true });
    worker.onApplicationBootstrap();
    worker.wake(0);
    await new Promise((r) => setTimeout(r, 10));
    expect(worker.passes).toBe(0);
  });

  it('passes at start when asked to, and every `everyMs`', async () => {
    const worker = new Gate({ everyMs: 5, passAtStart: true });
    const first = worker.nextPass();
    worker.onApplicationBootstrap();
    await first;
    worker.endPass();
    const second = worker.nextPass();
    await second; // the interval's
    worker.endPass();
    await worker.beforeApplicationShutdown();
    expect(worker.passes).toBeGreaterThanOrEqual(2);
  });

  it('logs a failed pass and keeps going', async () => {
    const failed: unknown[] = [];
    let onFailure = () => {};
    const failureLogger = { error: (...args: unknown[]) => (failed.push(args), onFailure()) } as unknown as RootLogger;
    class Failing extends PollingWorker {
      constructor() {
        super(failureLogger, { enabled: true, everyMs: 3_600_000, context: 'test', failure: 'test pass failed' });
      }
      protected async pass() {
        throw new Error('boom');
      }
    }
    const worker = new Failing();
    const logged = () => new Promise<void>((resolve) => (onFailure = resolve));
    let next = logged();
    worker.wake(0);
    await next;
    next = logged();
    worker.wake(0);
    await next;
    expect(failed).toEqual([
      [expect.objectContaining({ context: 'test' }), 'test pass failed'],
      [expect.objectContaining({ context: 'test' }), 'test pass failed'],
    ]);
    await worker.beforeApplicationShutdown();
  });

  it('registers its interval with the SchedulerRegistry under its class name while it runs', async () => {
    @Injectable()
    class RegisteredGate extends Gate {
      constructor() {
        super();
      }
    }
    const moduleRef = await Test.createTestingModule({ imports: [ScheduleModule.forRoot()], providers: [RegisteredGate] }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    const registry = app.get(SchedulerRegistry);
    expect(registry.getIntervals()).toEqual(['RegisteredGate']);
    await app.close();
    expect(registry.getIntervals()).toEqual([]);
  });
});
