import { SeedApiClient, ApiTarget, inPool, Json, SeedApiError } from './seed-api-client';
import { seedPxmWith } from './seed-pxm-through-api';
import { DEMO_IMAGE_PREFIX, DEMO_SKU_PREFIX, demoCatalog, DemoProduct, SeedResult } from './demo-catalog';

export type { ApiTarget } from './seed-api-client';
export { SeedApiError } from './seed-api-client';

/**
 * Seeds the demo catalogue into a running server through its API, as any client would: the server keeps
 * its own database (and its caches and events) consistent. Categories are found by slug, images by file name
 * and products by SKU; a demo product missing its main image or categories (an interrupted run) gets them.
 */
export async function seedThroughApi(target: ApiTarget): Promise<SeedResult> {
  const api = new SeedApiClient(target);
  try {
    return await seedWith(api, target);
  } finally {
    api.close();
  }
}

async function seedWith(api: SeedApiClient, target: ApiTarget): Promise<SeedResult> {
  const started = Date.now();
  await api.authenticate();
  const { categories, products } = demoCatalog();
  const result: SeedResult = { categories: 0, products: 0, images: 0, ms: 0 };

  const categoryIds = new Map<string, string>((await api.all('/v2/categories')).map((c) => [c.slug, c.id]));
  for (const category of categories.filter((c) => !categoryIds.has(c.slug))) {
    const { body } = await api.json('POST', '/v2/categories', {
      type: 'category',
      name: category.name,
      slug: category.slug,
      description: category.description,
      status: category.status,
      background_colour: category.backgroundColour,
    });
    categoryIds.set(category.slug, body.data.id);
    result.categories++;
  }

  const imageIds = new Map<string, string>((await api.all(`/v2/files?filter=like(file_name,${DEMO_IMAGE_PREFIX}*)`)).map((f) => [f.file_name, f.id]));
  for (const { image } of categories.filter((c) => !imageIds.has(c.image.fileName))) {
    imageIds.set(image.fileName, await api.upload(image.fileName, image.png));
    result.images++;
  }

  const existing = new Map<string, Json>((await api.all(`/v2/products?filter=like(sku,${DEMO_SKU_PREFIX}*)`)).map((p) => [p.sku, p]));
  await inPool(products, target.concurrency ?? 6, async (product) => {
    let found = existing.get(product.sku);
    if (!found) {
      found = await createProduct(api, product);
      if (found.created) result.products++;
    }
    if (!found.relationships?.main_image) {
      await api.json('POST', `/v2/products/${found.id}/relationships/main-image`, { type: 'main_image', id: imageIds.get(product.imageFileName) });
    }
    const linked = new Set<string>((found.relationships?.categories?.data ?? []).map((c: Json) => c.id));
    const missing = product.categorySlugs.map((slug) => categoryIds.get(slug)!).filter((id) => !linked.has(id));
    if (missing.length) {
      await api.json('POST', `/v2/products/${found.id}/relationships/categories`, missing.map((id) => ({ type: 'category', id })));
    }
  });
  result.pxm = await seedPxmWith(api, target.concurrency ?? 6);
  result.ms = Date.now() - started;
  return result;
}

/** Creates the product; if another seed created it meanwhile (409 on its SKU or slug), returns that one. */
async function createProduct(api: SeedApiClient, product: DemoProduct): Promise<Json> {
  const { status, body } = await api.json(
    'POST',
    '/v2/products',
    {
      type: 'product',
      name: product.name,
      slug: product.slug,
      sku: product.sku,
      description: product.description,
      price: product.price,
      status: product.status,
      commodity_type: product.commodityType,
      manage_stock: product.manageStock,
      ...(product.manageStock ? { stock: product.stockLevel } : {}),
    },
    [201, 409],
  );
  if (status === 201) return { ...body.data, created: true };
  const { body: found } = await api.json('GET', `/v2/products?filter=eq(sku,${encodeURIComponent(product.sku)})`);
  if (!found.data[0]) throw new SeedApiError(409, `The demo product ${product.sku} cannot be created: its slug ${product.slug} is taken by another product`);
  return found.data[0];
}
