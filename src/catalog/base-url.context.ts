import { Injectable, NestMiddleware } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { requestBaseUrl } from '../common/http/base-url';
import { AppConfig } from '../config/app-config';

const store = new AsyncLocalStorage<string>();

/** The request's absolute origin, for presenters reached from include resolvers (which get no request). */
export function currentBaseUrl(fallback = 'http://localhost'): string {
  return store.getStore() ?? fallback;
}

@Injectable()
export class CatalogBaseUrlMiddleware implements NestMiddleware {
  constructor(private readonly config: AppConfig) {}

  use(req: Request, _res: Response, next: NextFunction) {
    store.run(requestBaseUrl(req, this.config.publicBaseUrl), next);
  }
}
