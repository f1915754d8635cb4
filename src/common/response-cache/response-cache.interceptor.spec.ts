import { resourcesShown } from './response-cache.interceptor';

describe('resourcesShown', () => {
  it('names the data and included objects, not the relationships they point to', () => {
    const document = {
      data: [{ type: 'category', id: 'c1', relationships: { products: { data: [{ type: 'product', id: 'p9' }] } } }],
      included: { products: [{ type: 'product', id: 'p1' }, { type: 'product', id: 'p2' }], files: [] },
      meta: { page: { limit: 25 } },
    };
    expect(resourcesShown(document).sort()).toEqual(['category:c1', 'product:p1', 'product:p2']);
  });

  it('reads a single object and an included list', () => {
    expect(resourcesShown({ data: { type: 'product', id: 'p1' }, included: [{ type: 'file', id: 'f1' }] })).toEqual(['product:p1', 'file:f1']);
  });
});
