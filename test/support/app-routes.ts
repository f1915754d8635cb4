import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { ALLOW_ACCOUNT_MEMBER, ALLOW_ANONYMOUS, ALLOW_IMPLICIT, IS_PUBLIC } from '../../src/auth/access.decorators';
import { DataBodyPipe } from '../../src/common/validation/data-body.pipe';
import type { TestApp } from './test-app';

/**
 * Every route the running app serves, found through Nest's own metadata (not a hand-written list) and
 * cross-checked against the Express router: the authorization matrix and the bad-input fuzz run over it, so
 * a route added later is covered without anyone editing those tests.
 */

export interface RouteInfo {
  method: string; // upper case
  path: string; // as served, e.g. /v2/orders/:orderId/payments
  handler: string; // Controller.method
  /** The handler function itself, which holds its route's metadata. */
  handlerFn: Function;
  isPublic: boolean;
  allowImplicit: boolean;
  /** An implicit token with an account management token may call it (`@AllowAccountMember()`). */
  allowAccountMember: boolean;
  /** A request without any token is let through (`@AllowAnonymous()`); a token sent is checked. */
  allowAnonymous: boolean;
  /** The handler's `@Body()` / `@DataBody()` parameter, if it takes one: its DTO class and whether it is unwrapped from `data`. */
  body?: { dto?: Function; dataBody: boolean };
}

function joinPath(...parts: string[]): string {
  return ('/' + parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')).replace(/\/+/g, '/');
}

/** The routes the Express adapter actually serves (method + path), excluding the docs (not Nest handlers). */
export function servedRoutes(t: TestApp): Set<string> {
  const express = t.app.getHttpAdapter().getInstance();
  const stack: any[] = (express.router ?? express._router).stack;
  const out = new Set<string>();
  for (const layer of stack) {
    if (!layer.route) continue;
    // `@Post('/')` is served as `/v2/products/`; Express matches it with or without the slash.
    const path = String(layer.route.path).replace(/(.)\/+$/, '$1');
    if (path === '/docs' || path.startsWith('/docs/') || path.startsWith('/docs-')) continue;
    for (const m of Object.keys(layer.route.methods)) if (layer.route.methods[m]) out.add(`${m === '_all' ? 'ALL' : m.toUpperCase()} ${path}`);
  }
  return out;
}

/** Every controller handler with its HTTP method, served path and access metadata. */
export function discoverRoutes(t: TestApp): RouteInfo[] {
  const discovery = t.app.get(DiscoveryService, { strict: false });
  const reflector = t.app.get(Reflector, { strict: false });
  const scanner = new MetadataScanner();
  const served = servedRoutes(t);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const prototype = Object.getPrototypeOf(instance);
    const classPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    for (const name of scanner.getAllMethodNames(prototype)) {
      const fn = prototype[name];
      const methodPath = Reflect.getMetadata(PATH_METADATA, fn);
      const requestMethod: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, fn);
      if (methodPath === undefined || requestMethod === undefined) continue;
      const method = RequestMethod[requestMethod];
      const isPublic = !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, [fn, metatype]);
      const allowImplicit = !!reflector.getAllAndOverride<boolean>(ALLOW_IMPLICIT, [fn, metatype]);
      const allowAccountMember = !!reflector.getAllAndOverride<boolean>(ALLOW_ACCOUNT_MEMBER, [fn, metatype]);
      const allowAnonymous = !!reflector.getAllAndOverride<boolean>(ALLOW_ANONYMOUS, [fn, metatype]);
      for (const classPath of classPaths) {
        for (const mp of ([] as string[]).concat(methodPath)) {
          const bare = joinPath(classPath, mp);
          const prefixed = joinPath('v2', bare);
          const path = served.has(`${method} ${prefixed}`) ? prefixed : bare;
          routes.push({ method, path, handler: `${metatype.name}.${name}`, handlerFn: fn, isPublic, allowImplicit, allowAccountMember, allowAnonymous, body: bodyParameter(metatype, prototype, name) });
        }
      }
    }
  }
  return routes;
}

/** `:param` segments become random UUIDs (a 404 is an acceptable answer); a wildcard becomes a word. */
export function concretePath(path: string): string {
  return path.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*[A-Za-z0-9_]*|\{[^}]*\}/g, 'x');
}

/** The `@Body()` parameter of a handler: the DTO class the pipe validates, and whether it is a `@DataBody()`. */
function bodyParameter(controller: Function, prototype: object, method: string): RouteInfo['body'] {
  const args: Record<string, { index: number; pipes?: unknown[] }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
  const types: Function[] = Reflect.getMetadata('design:paramtypes', prototype, method) ?? [];
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
    // A pipe given as a class (one that needs injection) extends DataBodyPipe.
    const dataBody = (arg.pipes ?? []).some((pipe) => pipe instanceof DataBodyPipe || (typeof pipe === 'function' && pipe.prototype instanceof DataBodyPipe));
    const dto = types[arg.index];
    return { dto: dto && dto !== Object ? dto : undefined, dataBody };
  }
  return undefined;
}
