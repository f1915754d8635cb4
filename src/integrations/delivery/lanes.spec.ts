import { CircuitBreakers } from './circuit-breakers';
import { DeliveryLanes, heldBackByLanes } from './lanes';

describe('DeliveryLanes', () => {
  it('shares half the slots at most, at least one', () => {
    expect(DeliveryLanes.forConcurrency(1).share).toBe(1);
    expect(DeliveryLanes.forConcurrency(2).share).toBe(1);
    expect(DeliveryLanes.forConcurrency(3).share).toBe(1);
    expect(DeliveryLanes.forConcurrency(16).share).toBe(8);
  });

  it('gives every integration the share; sends in flight use it up', () => {
    const lanes = new DeliveryLanes(2);
    expect(lanes.lanes('a')).toBe(2);
    expect(lanes.snapshot()).toEqual({ free: 2, full: [], ids: [], frees: [], busy: [] });
    lanes.started('a');
    expect(lanes.snapshot()).toEqual({ free: 2, full: [], ids: ['a'], frees: [1], busy: [1] });
    lanes.started('a');
    expect(lanes.snapshot()).toEqual({ free: 2, full: ['a'], ids: [], frees: [], busy: [] });
    lanes.finished('a');
    lanes.finished('a');
    expect(lanes.snapshot()).toEqual({ free: 2, full: [], ids: [], frees: [], busy: [] });
  });

  it('drops to one lane on a failure and doubles back up to the share on successes', () => {
    const lanes = new DeliveryLanes(8);
    lanes.outcome('a', false);
    expect(lanes.lanes('a')).toBe(1);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      lanes.outcome('a', true);
      seen.push(lanes.lanes('a'));
    }
    expect(seen).toEqual([2, 4, 8, 8]);
    expect(lanes.snapshot()).toEqual({ free: 8, full: [], ids: [], frees: [], busy: [] });
  });

  it('a failing integration holds one lane: full while anything of it is in flight, the others keep theirs', () => {
    const lanes = new DeliveryLanes(4);
    lanes.started('bad');
    lanes.started('bad');
    lanes.outcome('bad', false);
    lanes.started('ok');
    expect(lanes.snapshot()).toEqual({ free: 4, full: ['bad'], ids: ['ok'], frees: [3], busy: [1] });
    lanes.finished('bad');
    expect(lanes.snapshot().full).toEqual(['bad']);
    lanes.finished('bad');
    expect(lanes.snapshot()).toEqual({ free: 4, full: [], ids: ['ok', 'bad'], frees: [3, 1], busy: [1, 0] });
  });

  it('holds an integration to the max_concurrency a claim read, below the share; failures still drop it to one', () => {
    const lanes = new DeliveryLanes(8);
    lanes.capped('a', 2);
    lanes.started('a');
    lanes.finished('a'); // nothing in flight: the cap is forgotten (the next claim reads it again)
    expect(lanes.lanes('a')).toBe(8);
    lanes.capped('a', 2);
    expect(lanes.lanes('a')).toBe(2);
    // Below its cap the claim applies the current max_concurrency itself (it may have changed): only busy is passed.
    expect(lanes.snapshot()).toEqual({ free: 8, full: [], ids: [], frees: [], busy: [] });
    lanes.started('a');
    expect(lanes.snapshot()).toEqual({ free: 8, full: [], ids: ['a'], frees: [7], busy: [1] });
    lanes.started('a');
    expect(lanes.snapshot().full).toEqual(['a']);
    lanes.outcome('a', false);
    expect(lanes.lanes('a')).toBe(1);
    lanes.outcome('a', true);
    lanes.outcome('a', true);
    expect(lanes.lanes('a')).toBe(2); // back to its cap, not past it
    lanes.capped('a', 20); // raised above the share: no cap, though still doubling back after its failure
    expect(lanes.lanes('a')).toBe(4);
    lanes.outcome('a', true);
    expect(lanes.lanes('a')).toBe(8);
    lanes.capped('a', 3);
    expect(lanes.lanes('a')).toBe(3);
    lanes.capped('a', null);
    expect(lanes.lanes('a')).toBe(8);
  });

  it('has nothing to share with a single slot', () => {
    const lanes = new DeliveryLanes(1);
    lanes.outcome('a', false);
    lanes.outcome('a', true);
    expect(lanes.lanes('a')).toBe(1);
    expect(lanes.snapshot()).toEqual({ free: 1, full: [], ids: [], frees: [], busy: [] });
  });
});

describe('DeliveryLanes with circuit breakers', () => {
  it('an open circuit takes all of an integration\'s lanes; half-open leaves one, whatever its successes', () => {
    let now = 0;
    const lanes = new DeliveryLanes(4, new CircuitBreakers({ failures: 2, cooldownMs: 100 }, () => now));
    expect(lanes.outcome('a', false)).toBeUndefined();
    expect(lanes.outcome('a', false)).toBe('opened');
    expect(lanes.lanes('a')).toBe(0);
    expect(lanes.snapshot()).toEqual({ free: 4, full: ['a'], ids: [], frees: [], busy: [] });
    now = 100;
    expect(lanes.lanes('a')).toBe(1);
    expect(lanes.snapshot()).toEqual({ free: 4, full: [], ids: ['a'], frees: [1], busy: [0] });
    lanes.started('a');
    expect(lanes.snapshot().full).toEqual(['a']);
    expect(lanes.outcome('a', true)).toBeUndefined();
    lanes.finished('a');
    expect(lanes.outcome('a', true)).toBeUndefined();
    expect(lanes.lanes('a')).toBe(1); // doubled back to the share, but half-open: one
    for (let i = 0; i < 3; i++) lanes.outcome('a', true);
    expect(lanes.lanes('a')).toBe(4);
    expect(lanes.snapshot()).toEqual({ free: 4, full: [], ids: [], frees: [], busy: [] });
  });
});

describe('heldBackByLanes', () => {
  const snapshot = { free: 2, full: [], ids: ['b'], frees: [1], busy: [1] };
  const jobs = (...ids: string[]) => ids.map((integration_id) => ({ integration_id, max_concurrency: null }));

  it('is false when every integration claimed had lanes to spare', () => {
    expect(heldBackByLanes(snapshot, [])).toBe(false);
    expect(heldBackByLanes(snapshot, jobs('a'))).toBe(false);
    expect(heldBackByLanes({ ...snapshot, ids: [], frees: [], busy: [] }, jobs('a', 'c'))).toBe(false);
  });

  it('is true when a claim used up an integration\'s free lanes (the share, or what was left of it)', () => {
    expect(heldBackByLanes(snapshot, jobs('a', 'a'))).toBe(true);
    expect(heldBackByLanes(snapshot, jobs('b'))).toBe(true);
    expect(heldBackByLanes(snapshot, jobs('a', 'c', 'b'))).toBe(true);
  });

  it('is true when a claim took what an integration\'s max_concurrency allowed (less what is in flight)', () => {
    expect(heldBackByLanes({ ...snapshot, free: 8 }, [{ integration_id: 'a', max_concurrency: 1 }])).toBe(true);
    expect(heldBackByLanes({ ...snapshot, free: 8 }, [{ integration_id: 'a', max_concurrency: 2 }])).toBe(false);
    const bBusy = { free: 8, full: [], ids: ['b'], frees: [5], busy: [1] };
    expect(heldBackByLanes(bBusy, [{ integration_id: 'b', max_concurrency: 2 }])).toBe(true);
    expect(heldBackByLanes(bBusy, [{ integration_id: 'b', max_concurrency: 3 }])).toBe(false);
  });

  it('is true when an integration had no free lane (none of its jobs could be claimed)', () => {
    expect(heldBackByLanes({ ...snapshot, full: ['z'] }, [])).toBe(true);
  });
});
