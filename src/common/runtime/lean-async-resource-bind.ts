import { AsyncResource } from 'node:async_hooks';

type AnyFunction = (...args: never[]) => unknown;

/**
 * Node 20's `AsyncResource#bind` gives every function it returns a deprecated `asyncResource` accessor
 * (DEP0172), built with `util.deprecate` each time. Nest binds once per global interceptor and once more
 * per request (`interceptors-consumer`), and on this stack that accessor cost ~20 % of the CPU of a simple
 * request. Newer Node versions no longer attach it (nodejs/node#58218).
 * Where it is still attached, bind the way they do: the same function, run in the resource's async scope,
 * with the same `length`, without the accessor. Nothing in this project or its dependencies reads it.
 */
export function useLeanAsyncResourceBind(): void {
  const probe = new AsyncResource('lean-bind-probe').bind(() => undefined);
  if (!Object.prototype.hasOwnProperty.call(probe, 'asyncResource')) return;
  AsyncResource.prototype.bind = function bind<F extends AnyFunction>(this: AsyncResource, fn: F, thisArg?: unknown): F {
    if (typeof fn !== 'function') throw new TypeError(`The "fn" argument must be of type function. Received ${typeof fn}`);
    const resource = this;
    const run = resource.runInAsyncScope as (fn: AnyFunction, thisArg: unknown, ...args: unknown[]) => unknown;
    const bound =
      thisArg === undefined
        ? function (this: unknown, ...args: unknown[]) {
            return run.call(resource, fn, this, ...args);
          }
        : (...args: unknown[]) => run.call(resource, fn, thisArg, ...args);
    Object.defineProperty(bound, 'length', { configurable: true, enumerable: false, writable: false, value: fn.length });
    return bound as unknown as F;
  };
}
