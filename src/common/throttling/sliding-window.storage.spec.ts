import { SlidingWindowStorage } from './sliding-window.storage';

describe('SlidingWindowStorage', () => {
  let now: number;
  let storage: SlidingWindowStorage;
  const hit = (key = 'token:a', ttl = 10_000, limit = 3, blockDuration = 0) => storage.increment(key, ttl, limit, blockDuration);

  beforeEach(() => {
    now = 1_000;
    storage = new SlidingWindowStorage(() => now);
  });

  it('allows `limit` hits in the window, then refuses until the oldest hit expires', async () => {
    expect(await hit()).toEqual({ totalHits: 1, timeToExpire: 10, isBlocked: false, timeToBlockExpire: 0 });
    now += 4_000;
    expect((await hit()).totalHits).toBe(2);
    now += 1_500;
    expect(await hit()).toEqual({ totalHits: 3, timeToExpire: 5, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit()).toEqual({ totalHits: 4, timeToExpire: 5, isBlocked: true, timeToBlockExpire: 5 });
    now = 1_000 + 10_000; // the first hit has expired: one request is free again
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: false });
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 4 }); // the hit made at 5 s expires at 15 s
  });

  it('does not count refused requests as hits', async () => {
    for (let i = 0; i < 3; i++) await hit();
    for (let i = 0; i < 50; i++) expect((await hit()).isBlocked).toBe(true);
    now += 10_000;
    for (let i = 0; i < 3; i++) expect((await hit()).isBlocked).toBe(false);
  });

  it('keeps a separate window per key', async () => {
    for (let i = 0; i < 3; i++) await hit('token:a');
    expect((await hit('token:a')).isBlocked).toBe(true);
    expect((await hit('token:b')).isBlocked).toBe(false);
  });

  it('counts correctly over many hits (the expired front is dropped as it grows)', async () => {
    const limit = 5_000;
    for (let i = 0; i < 20_000; i++) {
      now += 1; // 1 hit per ms, window 3 s: at most 3,000 live, never blocked
      expect((await hit('token:busy', 3_000, limit)).isBlocked).toBe(false);
    }
    now += 1;
    expect((await hit('token:busy', 3_000, limit)).totalHits).toBe(3_000); // the hits of the last 3 s, this one included
  });

  it('blocks for blockDuration once over the limit, when one is set', async () => {
    for (let i = 0; i < 3; i++) await hit('token:a', 1_000, 3, 30_000);
    expect(await hit('token:a', 1_000, 3, 30_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    now += 5_000; // the hits have expired, the block has not
    expect(await hit('token:a', 1_000, 3, 30_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 25 });
    now += 25_000;
    expect((await hit('token:a', 1_000, 3, 30_000)).isBlocked).toBe(false);
  });

  it('forgets idle keys', async () => {
    await hit('token:a');
    await hit('token:b', 120_000);
    now += 61_000;
    await hit('token:c');
    expect(storage.trackedKeys).toBe(2); // a expired and was dropped; b is still in its window; c is new
  });
});
