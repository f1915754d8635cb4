import express, { type Request } from 'express';
import request from 'supertest';
import { parseQueryOncePerRequest } from './query-once';

describe("a request's query, parsed once", () => {
  function app(once: boolean) {
    const app = express();
    app.set('query parser', 'extended');
    if (once) parseQueryOncePerRequest(app);
    app.get('/x', (req: Request, res) => {
      const first = req.query;
      const same = req.query === first;
      req.url = '/x?page[limit]=3';
      res.json({ first, same, afterRewrite: req.query });
    });
    return app;
  }

  it('is the same object on every read, parsed as Express parses it, and parsed again for a new URL', async () => {
    const url = '/x?page[limit]=25&include=main_image,files&filter=eq(sku,a)&a[]=1&a[]=2';
    const plain = await request(app(false)).get(url);
    const once = await request(app(true)).get(url);
    expect(once.body.first).toEqual(plain.body.first);
    expect(once.body.first).toEqual({ page: { limit: '25' }, include: 'main_image,files', filter: 'eq(sku,a)', a: ['1', '2'] });
    expect(plain.body.same).toBe(false);
    expect(once.body.same).toBe(true);
    expect(once.body.afterRewrite).toEqual({ page: { limit: '3' } });
  });
});
