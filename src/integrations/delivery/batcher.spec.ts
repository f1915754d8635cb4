import { Batcher } from './batcher';

const tick = () => new Promise((r) => setImmediate(r));

describe('Batcher', () => {
  it('flushes what arrives in one turn together, and what arrives during a flush in the next one', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new Batcher<number, number>(async (items) => {
      calls.push(items);
      if (calls.length === 1) await gate;
      return items.map((i) => i * 10);
    });
    const first = [b.add(1), b.add(2), b.add(3)];
    await tick();
    const second = [b.add(4), b.add(5)];
    expect(b.pending).toBe(2);
    release();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual([[1, 2, 3], [4, 5]]);
    expect(b.pending).toBe(0);
  });

  it('takes at most `max` items per flush', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, number>(async (items) => (calls.push(items), items), 2);
    await Promise.all([1, 2, 3, 4, 5].map((i) => b.add(i)));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('retries a failed batch item by item: the good ones resolve, the bad one rejects', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, string>(async (items) => {
      calls.push(items);
      if (items.includes(2)) throw new Error(`bad ${items.join(',')}`);
      return items.map(String);
    });
    const results = await Promise.allSettled([b.add(1), b.add(2), b.add(3)]);
    expect(results).toEqual([
      { status: 'fulfilled', value: '1' },
      { status: 'rejected', reason: new Error('bad 2') },
      { status: 'fulfilled', value: '3' },
    ]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
    // and it keeps going afterwards
    expect(await b.add(4)).toBe('4');
  });

  it('with gatherMs, the first item waits that long for others to join its flush', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, number>(async (items) => (calls.push(items), items), 100, 200);
    const first = b.add(1);
    await tick();
    await new Promise((r) => setTimeout(r, 5));
    const second = b.add(2);
    expect(calls).toEqual([]);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(calls).toEqual([[1, 2]]);
  });
});
