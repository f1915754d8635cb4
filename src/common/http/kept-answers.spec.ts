import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import express, { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { ApiError } from '../errors/api-error';
import { KeptAnswer, KeptAnswers, ServesKeptAnswers } from './kept-answers';

const ANSWER: KeptAnswer = { bytes: Buffer.from('{"data":{"id":"kept"}}'), etag: '"abc"', route: '/shelf/items/:id' };

/** Keeps one answer for `/shelf/items/1` to a request with `Authorization: Bearer good`; fails on `/shelf/broken`. */
@ServesKeptAnswers({ path: '/shelf/' })
class ShelfAnswers {
  async find(req: Request): Promise<KeptAnswer | undefined> {
    if (req.path === '/shelf/broken') throw new Error('lookup failed');
    req.principal = { clientId: 'c', grantType: 'implicit', tokenId: 't' };
    return req.path === '/shelf/items/1' && req.headers.authorization === 'Bearer good' ? ANSWER : undefined;
  }
}

describe('KeptAnswers', () => {
  let kept: KeptAnswers;
  let budgetLeft: number;
  const routed: { path: string; principal: unknown }[] = [];
  let app: express.Express;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [KeptAnswers, ShelfAnswers] }).compile();
    await moduleRef.init();
    kept = moduleRef.get(KeptAnswers);
    app = express();
    app.use(
      kept.middleware(async (_req, res) => {
        if (budgetLeft-- <= 0) throw new ApiError(429, 'Too Many Requests', 'Over the budget');
        res.setHeader('X-RateLimit-Remaining', String(budgetLeft));
      }),
    );
    app.use((req, res) => {
      routed.push({ path: req.path, principal: req.principal });
      res.status(418).json({ routed: true });
    });
    app.use((err: ApiError, _req: Request, res: Response, _next: NextFunction) => {
      res.status(err.status).json({ errors: err.toErrorObjects() });
    });
  });

  beforeEach(() => {
    budgetLeft = 10;
    routed.length = 0;
  });

  it('answers a kept GET with its bytes, ETag and route, after spending the budget', async () => {
    const before = kept.served;
    const res = await request(app).get('/shelf/items/1').set('Authorization', 'Bearer good');
    expect([res.status, res.text, res.headers.etag, res.headers['content-type'], res.headers['x-ratelimit-remaining']]).toEqual([200, ANSWER.bytes.toString(), '"abc"', 'application/json; charset=utf-8', '9']);
    expect(kept.served - before).toBe(1);
    const notModified = await request(app).get('/shelf/items/1').set('Authorization', 'Bearer good').set('If-None-Match', '"abc"');
    expect([notModified.status, notModified.text]).toEqual([304, '']);
    expect(routed).toEqual([]);
  });

  it('routes what it keeps nothing for, what fails to be looked up, other methods and other paths, without a principal', async () => {
    const before = kept.served;
    await request(app).get('/shelf/items/2').set('Authorization', 'Bearer good').expect(418);
    await request(app).get('/shelf/items/1').set('Authorization', 'Bearer bad').expect(418);
    await request(app).get('/shelf/broken').expect(418);
    await request(app).head('/shelf/items/1').set('Authorization', 'Bearer good').expect(418);
    await request(app).post('/shelf/items/1').set('Authorization', 'Bearer good').expect(418);
    await request(app).get('/shelves/items/1').set('Authorization', 'Bearer good').expect(418);
    expect(routed.map((r) => r.path)).toEqual(['/shelf/items/2', '/shelf/items/1', '/shelf/broken', '/shelf/items/1', '/shelf/items/1', '/shelves/items/1']);
    expect(routed.every((r) => r.principal === undefined)).toBe(true);
    expect(kept.served).toBe(before);
  });

  it('hands a spent budget to the error handler', async () => {
    budgetLeft = 0;
    const res = await request(app).get('/shelf/items/1').set('Authorization', 'Bearer good');
    expect([res.status, res.body.errors[0].title]).toEqual([429, 'Too Many Requests']);
    expect(routed).toEqual([]);
  });
});
