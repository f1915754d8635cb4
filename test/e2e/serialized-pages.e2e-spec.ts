import { randomUUID } from 'node:crypto';
import { CategoriesRepository } from '../../src/catalog/categories/categories.repository';
import { PRODUCTS_SPEC, ProductsRepository } from '../../src/catalog/products/products.repository';
import type { SerializedDocument, SerializedPage } from '../../src/common/http/response-document';
import { Prisma } from '../../src/generated/prisma/client';
import { clausesFor, GENERATED_CASES_TIMEOUT_MS, groupsOf } from '../support/product-list-cases';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A products page the database writes as JSON text (ProductsRepository.serializedPage, from the wire formats)
 * is byte for byte the page the presenters and include resolvers build from rows: over filters, sorts, pages,
 * includes, both kinds of token, empty results, and rows holding what JSON and prices make hard. The same for
 * a category with its products (CategoriesRepository.serializedDocument).
 */

/** The products repository with a switch between its two ways of building a page, and a count of serialized ones. */
class SwitchableProductsRepository extends ProductsRepository {
  serialize = true;
  serializedCount = 0;

  override async serializedPage(...args: Parameters<ProductsRepository['serializedPage']>): Promise<SerializedPage | null> {
    if (!this.serialize) return null;
    const page = await super.serializedPage(...args);
    if (page) this.serializedCount++;
    return page;
  }
}

/** The same switch on the categories repository: without it, the service builds the answer from rows. */
class SwitchableCategoriesRepository extends CategoriesRepository {
  serialize = true;
  serializedCount = 0;

  override serializes(includeKeys: string[]): boolean {
    return this.serialize && super.serializes(includeKeys);
  }

  override async serializedDocument(...args: Parameters<CategoriesRepository['serializedDocument']>): Promise<SerializedDocument | null> {
    this.serializedCount++;
    return super.serializedDocument(...args);
  }
}

const HARD_TEXT = ['plain', 'quote " and \\ backslash', 'tab\tnew\nline\r', 'control \u0001\u001f\u007f', 'line sep \u2028 para \u2029', 'emoji 🧺 ünï', '</script>', ''];
/** Stored prices as the API writes them, and as other tools might have. */
const PRICES: unknown[] = [
  [],
  [{ amount: 1000, currency: 'USD', includes_tax: true }],
  [{ amount: 500, currency: 'JPY' }],
  [{ amount: 1234567, currency: 'KWD', includes_tax: false }, { amount: 5, currency: 'EUR', includes_tax: true }],
  [{ amount: 1.5, currency: 'USD' }, { amount: 100, currency: 'GBP', includes_tax: 'yes' }],
  [{ currency: 'USD' }, null, 'x', { amount: 100, currency: 7 }],
  { amount: 1, currency: 'USD' },
  [{ amount: -250, currency: 'usd' }],
  [{ amount: 99, currency: 'ZZZ' }],
  [{ amount: 100.0, currency: 'CHF' }, { amount: 1e3, currency: 'SEK', extra: 'kept out' }],
  [{ amount: 2000000000, currency: 'INR', includes_tax: false }],
];

describe('products: database-written pages are the pages the presenters build', () => {
  let t: TestApp;
  let repository: SwitchableProductsRepository;
  let categories: SwitchableCategoriesRepository;

  beforeAll(async () => {
    t = await createTestApp({
      override: (b) => b.overrideProvider(ProductsRepository).useClass(SwitchableProductsRepository).overrideProvider(CategoriesRepository).useClass(SwitchableCategoriesRepository),
    });
    repository = t.app.get(ProductsRepository);
    categories = t.app.get(CategoriesRepository);
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function both(path: string, auth: { Authorization: string }): Promise<{ serialized: string; presented: string; status: number }> {
    repository.serialize = true;
    const before = repository.serializedCount;
    const a = await t.http.get(path).set(auth).set('Cache-Control', 'no-cache');
    const serializedUsed = repository.serializedCount > before;
    repository.serialize = false;
    const b = await t.http.get(path).set(auth).set('Cache-Control', 'no-cache');
    repository.serialize = true;
    expect({ path, status: a.status, serializedUsed }).toEqual({ path, status: b.status, serializedUsed: a.status === 200 });
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    return { serialized: a.text, presented: b.text, status: a.status };
  }

  /** `minShareWithData`: the comparison means something only if enough pages show products. */
  async function expectSameBytes(queries: string[], minShareWithData: number) {
    const differences: { path: string; serialized: string; presented: string }[] = [];
    let withData = 0;
    for (const auth of [t.admin, t.storefront]) {
      for (const query of queries) {
        const path = `/v2/products?${query}`;
        const { serialized, presented, status } = await both(path, auth);
        if (serialized !== presented) differences.push({ path, serialized, presented });
        if (status === 200 && JSON.parse(serialized).data.length > 0) withData++;
      }
    }
    expect(differences.slice(0, 3)).toEqual([]);
    expect(withData).toBeGreaterThanOrEqual(Math.ceil(queries.length * 2 * minShareWithData));
  }

  const INCLUDES = ['', 'main_image', 'categories', 'files', 'main_image,categories', 'files,category,main_images', 'categories,files,main_image'];

  it('every include combination, over pages that walk the whole list', async () => {
    const queries = INCLUDES.flatMap((include) =>
      [['3', '0'], ['7', '5'], ['100', '0'], ['5', '40'], ['25', '1000']].map(([limit, offset]) => `page[limit]=${limit}&page[offset]=${offset}${include ? `&include=${include}` : ''}`),
    );
    await expectSameBytes(queries, 0.7);
  }, GENERATED_CASES_TIMEOUT_MS);

  it('every sort, both ways, with includes', async () => {
    const sortable = Object.entries(PRODUCTS_SPEC.fields).filter(([, f]) => f.sortable).map(([name]) => name);
    const queries = sortable.flatMap((field, i) => [`sort=${field}`, `sort=-${field}`].map((sort) => `${sort}&page[limit]=9&page[offset]=${i % 3}&include=${INCLUDES[i % INCLUDES.length]}`));
    await expectSameBytes(queries, 0.9);
  }, GENERATED_CASES_TIMEOUT_MS);

  it('filters on every field and operator, alone and grouped, with includes', async () => {
    const clauses = clausesFor(PRODUCTS_SPEC).filter((_, i) => i % 3 === 0);
    const onThisData = [
      'like(name,*emoji*)', 'like(name,"*\\\\*")', 'eq(sku,SKU-X7)', 'like(sku,sku-x*)', 'like(description,*quote*)', 'eq(status,draft)',
      'eq(commodity_type,digital)', 'eq(manage_stock,true)', 'gt(created_at,2025-01-01T00:00:05.000Z)', 'le(updated_at,2025-01-01T00:00:40.000Z)',
      ...CATEGORY_IDS.map((id) => `eq(category.id,${id})`), 'eq(status,live):eq(manage_stock,false)', '(eq(status,draft)|like(name,*plain*))',
    ];
    const filters = [...onThisData, ...clauses, ...groupsOf([...onThisData, ...clauses], 20), `eq(brand.id,${randomUUID()})`];
    const queries = filters.map((filter, i) => `filter=${encodeURIComponent(filter)}&page[limit]=20&include=${INCLUDES[i % INCLUDES.length]}`);
    await expectSameBytes(queries, 0.1);
  }, GENERATED_CASES_TIMEOUT_MS);

  it('a category, with and without its products, for both kinds of token', async () => {
    const differences: { path: string; serialized: string; presented: string }[] = [];
    const paths = [...CATEGORY_IDS, randomUUID()].flatMap((id) => ['', '?include=products', '?include=product', '?include=products,nothing'].map((q) => `/v2/categories/${id}${q}`));
    let found = 0;
    for (const auth of [t.admin, t.storefront]) {
      for (const path of paths) {
        const before = categories.serializedCount;
        const a = await t.http.get(path).set(auth).set('Cache-Control', 'no-cache');
        categories.serialize = false;
        const b = await t.http.get(path).set(auth).set('Cache-Control', 'no-cache');
        categories.serialize = true;
        expect({ path, status: a.status, serialized: categories.serializedCount > before }).toEqual({ path, status: b.status, serialized: true });
        if (a.text !== b.text) differences.push({ path, serialized: a.text, presented: b.text });
        if (a.status === 200) found++;
      }
    }
    expect(differences.slice(0, 3)).toEqual([]);
    // Every category for the admin; the live ones for the storefront.
    expect(found).toBe(4 * 4 + 3 * 4);
  }, GENERATED_CASES_TIMEOUT_MS);
});

const CATEGORY_IDS = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const FILE_IDS = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

/** Rows written directly: what the API writes and what other tools may have written. */
async function seed(t: TestApp) {
  const at = (i: number) => new Date(Date.parse('2025-01-01T00:00:00.000Z') + i * 997);
  await t.prisma.file.createMany({
    data: FILE_IDS.map((id, i) => ({
      id,
      fileName: `${HARD_TEXT[i]}.png`,
      mimeType: i % 2 ? 'image/png' : '',
      fileSize: i * 1000,
      public: i !== 1,
      storageKey: i % 2 === 0 ? `stored-${i}` : null,
      location: i === 1 ? `https://cdn.example.com/${i}.png` : null,
      width: i === 3 ? null : 10 * i,
      height: i === 3 ? 5 : 20 * i,
      createdAt: at(i % 2),
      updatedAt: at(i + 10),
    })),
  });
  await t.prisma.category.createMany({
    data: CATEGORY_IDS.map((id, i) => ({
      id,
      name: HARD_TEXT[(i + 2) % HARD_TEXT.length],
      slug: `category-${i}`,
      description: HARD_TEXT[(i + 5) % HARD_TEXT.length],
      status: i === 2 ? 'draft' : 'live',
      backgroundColour: i % 2 ? '#ff0000' : null,
      backgroundImage: i === 3 ? 'https://cdn.example.com/bg.png' : null,
      parentId: i > 0 ? CATEGORY_IDS[0] : null,
      createdAt: at(i < 2 ? 0 : i),
      updatedAt: at(i),
    })),
  });
  const products = Array.from({ length: 60 }, (_, i) => ({
    id: randomUUID(),
    name: `${HARD_TEXT[i % HARD_TEXT.length]} ${i}`,
    slug: `product-${i}`,
    sku: `SKU-${i % 7 === 0 ? 'X' : ''}${i}`,
    description: HARD_TEXT[(i * 3) % HARD_TEXT.length],
    manageStock: i % 3 === 0,
    price: PRICES[i % PRICES.length] as Prisma.InputJsonValue,
    status: i % 4 === 3 ? 'draft' : 'live',
    commodityType: i % 5 === 0 ? 'digital' : 'physical',
    taxCode: i % 2 ? 'standard' : null,
    stockLevel: (i % 4) - 1,
    mainImageId: i % 3 === 2 ? null : FILE_IDS[i % FILE_IDS.length],
    // Runs of equal timestamps: the id decides their order.
    createdAt: at(Math.floor(i / 3)),
    updatedAt: at(60 - Math.floor(i / 2)),
  }));
  await t.prisma.product.createMany({ data: products });
  await t.prisma.productCategory.createMany({
    data: products.flatMap((p, i) => CATEGORY_IDS.filter((_, c) => (i + c) % (c + 2) === 0).map((categoryId, n) => ({ productId: p.id, categoryId, createdAt: at(i + n) }))),
  });
  await t.prisma.productFile.createMany({
    data: products.flatMap((p, i) => (i % 5 === 4 ? [] : FILE_IDS.slice(0, (i % 3) + 1).map((fileId) => ({ productId: p.id, fileId, createdAt: at(i) })))),
  });
}
