import { randomUUID } from 'node:crypto';
import { RedisSlidingWindow } from './redis-sliding-window';

/** Against the machine's Redis, as a server with REDIS_URL uses it. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('RedisSlidingWindow', () => {
  let window: RedisSlidingWindow;
  let ready: Promise<void>;

  beforeAll(() => {
    let connected!: () => void;
    ready = new Promise((resolve) => (connected = resolve));
    window = new RedisSlidingWindow(REDIS_URL, { ready: () => connected(), lost: () => undefined });
  });
  beforeEach(() => ready);
  afterAll(() => window.close());

  const key = () => `default:token:${randomUUID()}`;

  it('allows `limit` hits in the window, then refuses, without counting the refused requests as hits', async () => {
    const k = key();
    expect(await window.increment(k, 600_000, 3, 0)).toEqual({ totalHits: 1, timeToExpire: 600, isBlocked: false, timeToBlockExpire: 0 });
    expect((await window.increment(k, 600_000, 3, 0)).totalHits).toBe(2);
    expect((await window.increment(k, 600_000, 3, 0)).isBlocked).toBe(false);
    for (let i = 0; i < 20; i++) {
      expect(await window.increment(k, 600_000, 3, 0)).toEqual({ totalHits: 4, timeToExpire: 600, isBlocked: true, timeToBlockExpire: 600 });
    }
  });

  it('keeps a separate window per key, and one window for every client of a key (several connections)', async () => {
    const k = key();
    let connected!: () => void;
    const otherReady = new Promise<void>((resolve) => (connected = resolve));
    const other = new RedisSlidingWindow(REDIS_URL, { ready: () => connected(), lost: () => undefined });
    try {
      await otherReady;
      expect((await window.increment(k, 600_000, 2, 0)).isBlocked).toBe(false);
      expect((await other.increment(k, 600_000, 2, 0)).isBlocked).toBe(false);
      expect((await window.increment(k, 600_000, 2, 0)).isBlocked).toBe(true);
      expect((await other.increment(k, 600_000, 2, 0)).isBlocked).toBe(true);
      expect((await other.increment(key(), 600_000, 2, 0)).isBlocked).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('blocks for blockDuration once over the limit, when one is set', async () => {
    const k = key();
    await window.increment(k, 1_000, 1, 0);
    expect(await window.increment(k, 1_000, 1, 30_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
  });

  it('fails at once while disconnected (the caller counts locally instead)', async () => {
    const closed = new RedisSlidingWindow('redis://127.0.0.1:1', { ready: () => undefined, lost: () => undefined });
    try {
      expect(closed.connected).toBe(false);
      await expect(closed.increment(key(), 1_000, 1, 0)).rejects.toThrow();
    } finally {
      await closed.close();
    }
  });
});
