import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { buildPageEnvelope, type ListQuery, pageOf, type RequestUrl } from '../common/list-query';
import { isUuid } from '../common/validation/resource-id.pipe';
import { type NodeScope, type ProductScope, ReleaseReader, type ReleasedProduct, type RowsPage } from './release-reader';
import { type CatalogInclude, fileWithOrigin, productInCurrency, uniqueById } from './shopper-catalog.presenter';

/** What a read needs beside its release: the currency its prices show in, its includes, and its URL (page links). */
export interface CatalogReadContext {
  releaseId: string;
  currency: string | null;
  includes: CatalogInclude[];
  url: RequestUrl;
}

/**
 * The shopper catalog's documents, read from one published release: products with the request's currency
 * merged in and their includes, nodes and hierarchies as the release holds them. A product, node or hierarchy
 * the release does not hold is 404.
 */
@Injectable()
export class ShopperCatalogService {
  constructor(private readonly reader: ReleaseReader) {}

  async hierarchies(ctx: CatalogReadContext, q: ListQuery) {
    return pageDocument(await this.reader.hierarchyPage(ctx.releaseId, q), q, ctx.url);
  }

  async hierarchy(ctx: CatalogReadContext, hierarchyId: string) {
    return { data: await this.requireHierarchy(ctx.releaseId, hierarchyId) };
  }

  async hierarchyNodes(ctx: CatalogReadContext, hierarchyId: string, topOnly: boolean, q: ListQuery) {
    await this.requireHierarchy(ctx.releaseId, hierarchyId);
    return this.nodes(ctx, { kind: 'hierarchy', hierarchyId: hierarchyId.toLowerCase(), topOnly }, q);
  }

  async nodes(ctx: CatalogReadContext, scope: NodeScope, q: ListQuery) {
    return pageDocument(await this.reader.nodePage(ctx.releaseId, scope, q), q, ctx.url);
  }

  async node(ctx: CatalogReadContext, nodeId: string) {
    return { data: await this.requireNode(ctx.releaseId, nodeId) };
  }

  async nodeChildren(ctx: CatalogReadContext, nodeId: string, q: ListQuery) {
    await this.requireNode(ctx.releaseId, nodeId);
    return this.nodes(ctx, { kind: 'children', parentId: nodeId.toLowerCase() }, q);
  }

  async products(ctx: CatalogReadContext, scope: ProductScope, q: ListQuery) {
    if (scope.kind === 'node') await this.requireNode(ctx.releaseId, scope.nodeId);
    if (scope.kind === 'hierarchy') await this.requireHierarchy(ctx.releaseId, scope.hierarchyId);
    if (scope.kind === 'children') await this.requireProduct(ctx.releaseId, scope.parentId);
    const page = await this.reader.productPage(ctx.releaseId, lowerIds(scope), q);
    const included = await this.included(ctx, page.rows);
    return pageDocument({ ...page, rows: page.rows.map((p) => productInCurrency(p, ctx.currency)) }, q, ctx.url, included);
  }

  async product(ctx: CatalogReadContext, productId: string) {
    const product = await this.requireProduct(ctx.releaseId, productId);
    const included = await this.included(ctx, [product]);
    return { data: productInCurrency(product, ctx.currency), ...(included ? { included } : {}) };
  }

  /** A bundle's component products in the release, as references, in the bundle's order. */
  async componentProducts(ctx: CatalogReadContext, productId: string, q: ListQuery) {
    const bundle = await this.requireProduct(ctx.releaseId, productId);
    const components = await this.reader.productsInRelease(ctx.releaseId, bundle.componentIds);
    const page = pageOf(components.map((c) => ({ type: 'product' as const, id: c.id })), q);
    return { data: page.items, ...buildPageEnvelope(page, ctx.url) };
  }

  private async included(ctx: CatalogReadContext, products: ReleasedProduct[]): Promise<Record<string, unknown[]> | null> {
    if (ctx.includes.length === 0) return null;
    const included: Record<string, unknown[]> = {};
    for (const name of ctx.includes) {
      if (name === 'main_image') included.main_images = uniqueById(products.map((p) => p.mainImage)).map((f) => fileWithOrigin(f, ctx.url.baseUrl));
      if (name === 'files') included.files = uniqueById(products.flatMap((p) => p.files)).map((f) => fileWithOrigin(f, ctx.url.baseUrl));
      if (name === 'component_products') {
        const components = await this.reader.productsInRelease(ctx.releaseId, products.flatMap((p) => p.componentIds));
        included.component_products = components.map((c) => productInCurrency(c, ctx.currency));
      }
    }
    return included;
  }

  private async requireHierarchy(releaseId: string, hierarchyId: string) {
    const body = isUuid(hierarchyId) ? await this.reader.hierarchy(releaseId, hierarchyId.toLowerCase()) : null;
    if (!body) throw new NotFoundError('Hierarchy', `No hierarchy ${hierarchyId} in the catalog release`);
    return body;
  }

  private async requireNode(releaseId: string, nodeId: string) {
    const body = isUuid(nodeId) ? await this.reader.node(releaseId, nodeId.toLowerCase()) : null;
    if (!body) throw new NotFoundError('Node', `No node ${nodeId} in the catalog release`);
    return body;
  }

  private async requireProduct(releaseId: string, productId: string) {
    const product = await this.reader.productInRelease(releaseId, { id: productId });
    if (!product) throw new NotFoundError('Product', `No product ${productId} in the catalog release`);
    return product;
  }
}

function lowerIds(scope: ProductScope): ProductScope {
  switch (scope.kind) {
    case 'node':
      return { kind: 'node', nodeId: scope.nodeId.toLowerCase() };
    case 'hierarchy':
      return { kind: 'hierarchy', hierarchyId: scope.hierarchyId.toLowerCase() };
    case 'children':
      return { kind: 'children', parentId: scope.parentId.toLowerCase() };
    default:
      return scope;
  }
}

/** `{data, included?, meta, links}`: the members in the order the shared list documents write them. */
function pageDocument<T>(page: RowsPage<T>, q: ListQuery, url: RequestUrl, included?: Record<string, unknown[]> | null) {
  const envelope = buildPageEnvelope({ limit: q.limit, offset: q.offset, total: page.total, all: page.all }, url);
  return { data: page.rows, ...(included ? { included } : {}), meta: envelope.meta, links: envelope.links };
}
