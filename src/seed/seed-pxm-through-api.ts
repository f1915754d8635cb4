import { DemoPxmProduct, demoPxmCatalog, PXM_DEMO, PXM_DEMO_SKU_PREFIX } from './demo-pxm-catalog';
import { SeedApiClient, inPool, Json, SeedApiError } from './seed-api-client';

export interface PxmSeedResult {
  /** Hierarchies, nodes, variations, options, products, images, prices and catalogs added. */
  added: number;
  /** The id of the release published by this run; null when the published catalog was already up to date. */
  releaseId: string | null;
  catalogId: string;
}

/** How long a seed waits for its release to be published (the server publishes in the background). */
const PUBLISH_WAIT_MS = 120_000;
const PUBLISH_POLL_MS = 100;

const filterEq = (field: string, value: string) => `filter=eq(${field},${encodeURIComponent(value)})`;

/**
 * Loads the demo of Elastic Path's current catalog through the API and publishes it: the hierarchy and its nodes,
 * variations built into children, products with images, a bundle, the USD price book and the catalog. Everything
 * is found by slug, SKU, name or external reference before it is made, so a second run adds nothing; a release is
 * published only when this run added something or the catalog has no published release yet.
 */
export async function seedPxmWith(api: SeedApiClient, concurrency = 6): Promise<PxmSeedResult> {
  const demo = demoPxmCatalog();
  let added = 0;
  /** Relationship writes answer 200, 201 or 204 depending on the route. */
  const relate = (path: string, data?: unknown) => api.json('POST', path, data, [200, 201, 204]);
  const create = async (path: string, data: unknown) => {
    added++;
    return (await api.json('POST', path, data)).body.data as Json;
  };

  const hierarchy =
    (await api.json('GET', `/pcm/hierarchies?${filterEq('slug', PXM_DEMO.hierarchySlug)}`)).body.data[0] ??
    (await create('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: PXM_DEMO.hierarchyName, slug: PXM_DEMO.hierarchySlug, description: 'The demo store' } }));

  const nodeIds = new Map<string, string>((await api.all(`/pcm/hierarchies/${hierarchy.id}/nodes`)).map((n) => [n.attributes.slug, n.id]));
  for (const node of demo.nodes.filter((n) => !nodeIds.has(n.slug))) {
    const parent = node.parent ? { relationships: { parent: { data: { type: 'node', id: nodeIds.get(node.parent) } } } } : {};
    nodeIds.set(node.slug, (await create(`/pcm/hierarchies/${hierarchy.id}/nodes`, { type: 'node', attributes: { name: node.name, slug: node.slug }, ...parent })).id);
  }

  const variationIds = new Map<string, string>((await api.all('/pcm/variations')).map((v) => [v.attributes.name, v.id]));
  for (const variation of demo.variations) {
    let id = variationIds.get(variation.name);
    if (!id) {
      id = (await create('/pcm/variations', { type: 'product-variation', attributes: { name: variation.name } })).id as string;
      variationIds.set(variation.name, id);
    }
    const options = new Set((await api.all(`/pcm/variations/${id}/options`)).map((o) => o.attributes.name));
    for (const option of variation.options.filter((o) => !options.has(o.name))) {
      const made = await create(`/pcm/variations/${id}/options`, { type: 'product-variation-option', attributes: { name: option.name, description: option.name } });
      for (const [type, value] of [['sku_append', option.suffix], ['slug_append', option.suffix.toLowerCase()]]) {
        await api.json('POST', `/pcm/variations/${id}/options/${made.id}/modifiers`, { type: 'product-variation-modifier', attributes: { type, value } });
      }
    }
  }

  const imageIds = new Map<string, string>((await api.all('/v2/files?filter=like(file_name,demo-pxm-*)')).map((f) => [f.file_name, f.id]));
  await inPool(
    demo.products.filter((p) => !imageIds.has(p.image.fileName)),
    concurrency,
    async ({ image }) => {
      imageIds.set(image.fileName, await api.upload(image.fileName, image.png));
      added++;
    },
  );

  const products = new Map<string, Json>((await api.all(`/pcm/products?filter=like(sku,${PXM_DEMO_SKU_PREFIX}*)`)).map((p) => [p.attributes.sku, p]));
  // Bundles last: their components name the other products by id.
  const ordered = [...demo.products.filter((p) => !p.components), ...demo.products.filter((p) => p.components)];
  for (const product of ordered) {
    let found = products.get(product.sku);
    if (!found) {
      found = await createProduct(api, product, products);
      added++;
      products.set(product.sku, found);
    }
    if (!found.relationships?.main_image?.data) {
      await relate(`/pcm/products/${found.id}/relationships/main_image`, { type: 'file', id: imageIds.get(product.image.fileName) });
    }
    for (const slug of product.nodes) {
      await relate(`/pcm/hierarchies/${hierarchy.id}/nodes/${nodeIds.get(slug)}/relationships/products`, [{ type: 'product', id: found.id }]);
    }
  }

  const prices = new Map<string, number>(demo.products.map((p) => [p.sku, p.price]));
  for (const product of demo.products.filter((p) => p.variations)) {
    const parentId = products.get(product.sku)!.id as string;
    const related = new Set((await api.json('GET', `/pcm/products/${parentId}/relationships/variations`)).body.data.map((v: Json) => v.id));
    const wanted = product.variations!.map((name) => variationIds.get(name)!).filter((id) => !related.has(id));
    if (wanted.length) {
      await relate(`/pcm/products/${parentId}/relationships/variations`, wanted.map((id) => ({ type: 'product-variation', id })));
      await relate(`/pcm/products/${parentId}/build`);
    }
    for (const child of await api.all(`/pcm/products/${parentId}/children`)) prices.set(child.attributes.sku, product.price);
  }

  const book =
    (await api.json('GET', `/pcm/pricebooks?${filterEq('external_ref', PXM_DEMO.pricebookRef)}`)).body.data[0] ??
    (await create('/pcm/pricebooks', { type: 'pricebook', attributes: { name: PXM_DEMO.pricebookName, external_ref: PXM_DEMO.pricebookRef } }));
  const priced = new Set((await api.all(`/pcm/pricebooks/${book.id}/prices`)).map((p) => p.attributes.sku));
  await inPool(
    [...prices].filter(([sku]) => !priced.has(sku)),
    concurrency,
    async ([sku, amount]) => {
      await api.json('POST', `/pcm/pricebooks/${book.id}/prices`, { type: 'product-price', attributes: { sku, currencies: { USD: { amount, includes_tax: false } } } });
      added++;
    },
  );

  const catalog =
    (await api.json('GET', `/catalogs?${filterEq('name', PXM_DEMO.catalogName)}`)).body.data[0] ??
    (await create('/catalogs', {
      type: 'catalog',
      attributes: { name: PXM_DEMO.catalogName, description: 'The demo store, as shoppers see it', hierarchy_ids: [hierarchy.id], pricebook_id: book.id },
    }));
  const releases = (await api.json('GET', `/catalogs/${catalog.id}/releases`)).body.data as Json[];
  const published = releases.some((r) => r.meta?.release_status === 'PUBLISHED');
  if (published && added === 0) return { added, releaseId: null, catalogId: catalog.id };

  const release = (await api.json('POST', `/catalogs/${catalog.id}/releases`, {}, [201])).body.data as Json;
  await waitForPublished(api, catalog.id, release.id);
  return { added, releaseId: release.id, catalogId: catalog.id };
}

async function createProduct(api: SeedApiClient, product: DemoPxmProduct, bySku: Map<string, Json>): Promise<Json> {
  const components = product.components
    ? Object.fromEntries(
        Object.entries(product.components).map(([name, c]) => [
          name,
          { name, min: c.min, max: c.max, options: c.skus.map((sku) => ({ type: 'product', id: bySku.get(sku)!.id, quantity: 1 })) },
        ]),
      )
    : undefined;
  const attributes = { name: product.name, sku: product.sku, slug: product.slug, description: product.description, status: product.status, commodity_type: 'physical', ...(components ? { components } : {}) };
  const { status, body } = await api.json('POST', '/pcm/products', { type: 'product', attributes }, [201, 409]);
  if (status === 201) return body.data;
  // Another seed made it meanwhile.
  const { body: found } = await api.json('GET', `/pcm/products?${filterEq('sku', product.sku)}`);
  if (!found.data[0]) throw new SeedApiError(409, `The demo product ${product.sku} cannot be created: its slug ${product.slug} is taken by another product`);
  return found.data[0];
}

async function waitForPublished(api: SeedApiClient, catalogId: string, releaseId: string): Promise<void> {
  const deadline = Date.now() + PUBLISH_WAIT_MS;
  for (;;) {
    const { body } = await api.json('GET', `/catalogs/${catalogId}/releases/${releaseId}`);
    const status = body.data?.meta?.release_status;
    if (status === 'PUBLISHED') return;
    if (status === 'FAILED') throw new SeedApiError(422, `Publishing the demo catalog failed: ${body.data?.meta?.failure_reason ?? body.data?.attributes?.failure_reason ?? 'no reason given'}`);
    if (Date.now() > deadline) throw new SeedApiError(504, `The demo catalog's release ${releaseId} was not published within ${PUBLISH_WAIT_MS / 1000} s (still ${status})`);
    await new Promise((resolve) => setTimeout(resolve, PUBLISH_POLL_MS));
  }
}
