import { AsyncLocalStorage, AsyncResource, executionAsyncId } from 'node:async_hooks';
import { useLeanAsyncResourceBind } from './lean-async-resource-bind';

describe('useLeanAsyncResourceBind', () => {
  beforeAll(() => useLeanAsyncResourceBind());

  it('binds without the deprecated asyncResource accessor', () => {
    const bound = AsyncResource.bind(() => 1);
    expect(Object.prototype.hasOwnProperty.call(bound, 'asyncResource')).toBe(false);
    expect(bound()).toBe(1);
  });

  it('runs the function in the async context it was bound in', async () => {
    const store = new AsyncLocalStorage<string>();
    const bound = store.run('request-1', () => AsyncResource.bind(() => store.getStore()));
    expect(store.getStore()).toBeUndefined();
    expect(await store.run('request-2', async () => bound())).toBe('request-1');
  });

  it('runs the function in the scope of its resource', () => {
    const resource = new AsyncResource('test-resource');
    expect(resource.bind(() => executionAsyncId())()).toBe(resource.asyncId());
  });

  it('passes arguments, this and thisArg through, and keeps length', () => {
    function sum(this: unknown, a: number, b: number) {
      return ((this as { base?: number } | undefined)?.base ?? 0) + a + b;
    }
    const unbound = AsyncResource.bind(sum);
    expect(unbound.call({ base: 10 }, 1, 2)).toBe(13);
    expect(unbound.length).toBe(2);
    // Node's bind takes a thisArg that @types/node does not declare.
    const resource = new AsyncResource('t') as AsyncResource & { bind<F>(fn: F, thisArg: unknown): F };
    expect(resource.bind(sum, { base: 100 })(1, 2)).toBe(103);
  });

  it('refuses what is not a function', () => {
    // By message: the bind may have been installed by another test file of this worker, from another realm.
    expect(() => AsyncResource.bind(42 as never)).toThrow(/"fn" argument must be of type function/);
  });
});
