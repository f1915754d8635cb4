import { applyDecorators, Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { writeDocument } from './commerce-express-adapter';
import { bytesDocument } from './response-document';

/** A finished 200 answer to a GET, kept by the module that built it. */
export interface KeptAnswer {
  bytes: Buffer;
  etag: string;
  /** The route pattern that built it (`/catalog/products/:productId`), for the request metrics. */
  route: string;
}

/**
 * What a provider decorated with `@ServesKeptAnswers({ path })` implements: the answer it keeps for this GET,
 * when the request may have it. It authenticates the request as the route's guards would and sets
 * `req.principal`; it has no other effect. Undefined (or a throw) leaves the request to the routed pipeline,
 * which answers it from scratch, errors included.
 */
export interface KeptAnswerSource {
  find(req: Request): Promise<KeptAnswer | undefined>;
}

export interface KeptAnswerSourceOptions {
  /** The path it answers under: itself and everything below it (`/catalog`: `/catalog`, `/catalog/products`…). */
  path: string;
}

export const KEPT_ANSWER_SOURCE = DiscoveryService.createDecorator<KeptAnswerSourceOptions>();

/** Registers a provider whose kept answers are served before routing (see KeptAnswers). */
export const ServesKeptAnswers = (options: KeptAnswerSourceOptions) => applyDecorators(Injectable(), KEPT_ANSWER_SOURCE(options));

/**
 * Answers kept finished (a published catalog release never changes) are served before Express routes the request
 * and Nest runs its guards and interceptors: that pipeline costs several times what writing the kept bytes does.
 * The middleware runs after the request id, access log, metrics and CORS middleware, so those apply unchanged;
 * the source authenticates the request as the route's guards would, and the request budget is spent as the
 * rate-limit guard spends it (a 429 is written by the error handler, as for a routed request). Anything else —
 * no answer kept, a token the guards would refuse — goes on to the routed pipeline.
 */
@Injectable()
export class KeptAnswers implements OnModuleInit {
  private readonly sources: { path: string; source: KeptAnswerSource }[] = [];
  private answered = 0;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: KEPT_ANSWER_SOURCE.KEY })) {
      const source = wrapper.instance as KeptAnswerSource | undefined;
      if (!wrapper.isDependencyTreeStatic() || typeof source?.find !== 'function') {
        throw new Error(`The kept answer source ${String(wrapper.name)} must be a singleton provider with a find(request) method`);
      }
      const { path } = this.discovery.getMetadataByDecorator(KEPT_ANSWER_SOURCE, wrapper)!;
      this.sources.push({ path: path.replace(/\/+$/, ''), source });
    }
  }

  /** How many requests were answered from what was kept. */
  get served(): number {
    return this.answered;
  }

  /** The middleware; `spend` counts a request against its budget (sets the rate-limit headers, throws the 429). */
  middleware(spend: (req: Request, res: Response) => Promise<void>): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || this.sources.length === 0) return next();
      const source = this.sourceOf(req.path);
      if (!source) return next();
      void this.serve(source, req, res, spend).then(
        (served) => {
          if (!served) next();
        },
        (err: unknown) => next(err),
      );
    };
  }

  private sourceOf(path: string): KeptAnswerSource | undefined {
    for (const { path: root, source } of this.sources) {
      if (path.startsWith(root) && (path.length === root.length || path[root.length] === '/')) return source;
    }
    return undefined;
  }

  private async serve(source: KeptAnswerSource, req: Request, res: Response, spend: (req: Request, res: Response) => Promise<void>): Promise<boolean> {
    const answer = await source.find(req).catch(() => undefined);
    if (!answer) {
      req.principal = undefined;
      return false;
    }
    req.route = { path: answer.route }; // the metrics label a 429 too by its route, as when routed
    await spend(req, res);
    this.answered++;
    res.setHeader('ETag', answer.etag);
    writeDocument(res, bytesDocument(answer.bytes));
    return true;
  }
}
