import { applyDecorators, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ListQueryParser } from '../common/http/list-query.parser';
import { linkBase } from '../common/http/request-context';
import { type ListResourceSpec } from '../common/list-query';
import { ApiDocumentResponse, pageParameters } from '../common/openapi/api-operation.decorators';
import { ref } from '../common/openapi/json-schema';
import { CurrenciesService } from '../currencies/currencies.service';
import { CATALOG_HIERARCHIES_SPEC, CATALOG_NODES_SPEC, CATALOG_PRODUCTS_SPEC } from './catalog-list-specs';
import { PreparedReads, preparedDocument, preparedReadKey } from './prepared-reads';
import { CATALOG_INCLUDES, parseCatalogIncludes, requestCurrency } from './shopper-catalog.presenter';
import { SHOPPER_CATALOG_DOCUMENTS as D } from './shopper-catalog.schema';
import { CatalogReadContext, ShopperCatalogService } from './shopper-catalog.service';

type Query = Record<string, unknown>;

const CONTEXT_HEADERS = [
  ApiHeader({ name: 'EP-Channel', required: false, description: 'The channel the catalog rules match (a storefront, a mobile app)' }),
  ApiHeader({ name: 'EP-Context-Tag', required: false, description: 'A tag the catalog rules match' }),
];

export function Read(summary: string, document: string, spec?: ListResourceSpec | 'pages', options: { includes?: boolean; currency?: boolean } = {}) {
  return applyDecorators(
    ApiDocumentResponse(summary, ref(document), spec && spec !== 'pages' ? { spec } : {}),
    ...(spec === 'pages' ? pageParameters('the store setting `page_length` by default') : []),
    ...CONTEXT_HEADERS,
    ...(options.currency ? [ApiHeader({ name: 'X-Moltin-Currency', required: false, description: "The currency of display prices; the store's default currency when left out" })] : []),
    ...(options.includes
      ? [ApiQuery({ name: 'include', required: false, style: 'form', explode: false, schema: { type: 'array', items: { type: 'string', enum: [...CATALOG_INCLUDES] } } })]
      : []),
  );
}

const PRODUCTS = { includes: true, currency: true };

/**
 * The catalog reads, the same under `/catalog` (the release a shopper's context resolves to) and under the
 * admin previews of a given release: a subclass says which release a request reads. Every answer is a
 * prepared read of that release (see PreparedReads).
 */
export abstract class CatalogReads {
  constructor(
    protected readonly catalog: ShopperCatalogService,
    protected readonly listQuery: ListQueryParser,
    protected readonly prepared: PreparedReads,
    protected readonly currencies: CurrenciesService,
  ) {}

  /** The published release this request reads; throws 404 when there is none. */
  protected abstract releaseOf(req: Request): Promise<string>;

  @Read('Get the hierarchies of a catalog release', D.CatalogHierarchyList, CATALOG_HIERARCHIES_SPEC)
  @Get('hierarchies')
  async hierarchies(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_HIERARCHIES_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.hierarchies(ctx, q));
  }

  @Read('Get a hierarchy of a catalog release', D.CatalogHierarchyDocument)
  @Get('hierarchies/:hierarchyId')
  async hierarchy(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('hierarchyId') id: string) {
    return this.read(req, res, undefined, (ctx) => this.catalog.hierarchy(ctx, id));
  }

  @Read("Get a hierarchy's nodes, at every depth", D.CatalogNodeList, CATALOG_NODES_SPEC)
  @Get('hierarchies/:hierarchyId/nodes')
  async hierarchyNodes(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('hierarchyId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_NODES_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.hierarchyNodes(ctx, id, false, q));
  }

  @Read("Get a hierarchy's top-level nodes", D.CatalogNodeList, CATALOG_NODES_SPEC)
  @Get('hierarchies/:hierarchyId/children')
  async hierarchyChildren(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('hierarchyId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_NODES_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.hierarchyNodes(ctx, id, true, q));
  }

  @Read("Get a hierarchy's products", D.CatalogProductList, CATALOG_PRODUCTS_SPEC, PRODUCTS)
  @Get(['hierarchies/:hierarchyId/products', 'hierarchies/:hierarchyId/relationships/products'])
  async hierarchyProducts(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('hierarchyId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_PRODUCTS_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.products(ctx, { kind: 'hierarchy', hierarchyId: id }, q));
  }

  @Read('Get the nodes of a catalog release', D.CatalogNodeList, CATALOG_NODES_SPEC)
  @Get('nodes')
  async nodes(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_NODES_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.nodes(ctx, { kind: 'release' }, q));
  }

  @Read('Get a node of a catalog release', D.CatalogNodeDocument)
  @Get('nodes/:nodeId')
  async node(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('nodeId') id: string) {
    return this.read(req, res, undefined, (ctx) => this.catalog.node(ctx, id));
  }

  @Read("Get a node's children", D.CatalogNodeList, CATALOG_NODES_SPEC)
  @Get('nodes/:nodeId/relationships/children')
  async nodeChildren(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('nodeId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_NODES_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.nodeChildren(ctx, id, q));
  }

  @Read("Get a node's products (curated products first)", D.CatalogProductList, CATALOG_PRODUCTS_SPEC, PRODUCTS)
  @Get('nodes/:nodeId/relationships/products')
  async nodeProducts(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('nodeId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_PRODUCTS_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.products(ctx, { kind: 'node', nodeId: id }, q));
  }

  @Read('Get the products of a catalog release', D.CatalogProductList, CATALOG_PRODUCTS_SPEC, PRODUCTS)
  @Get('products')
  async products(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_PRODUCTS_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.products(ctx, { kind: 'release' }, q));
  }

  @Read('Get a product of a catalog release', D.CatalogProductDocument, undefined, PRODUCTS)
  @Get('products/:productId')
  async product(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('productId') id: string) {
    return this.read(req, res, undefined, (ctx) => this.catalog.product(ctx, id));
  }

  @Read("Get a parent product's child products", D.CatalogProductList, CATALOG_PRODUCTS_SPEC, PRODUCTS)
  @Get('products/:productId/relationships/children')
  async productChildren(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('productId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength(query, CATALOG_PRODUCTS_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.products(ctx, { kind: 'children', parentId: id }, q));
  }

  @Read("Get a bundle's component products (references)", D.CatalogProductReferenceList, 'pages')
  @Get('products/:productId/relationships/component_products')
  async componentProducts(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('productId') id: string, @Query() query: Query) {
    const q = await this.listQuery.parseWithPageLength({ page: query.page, 'page[limit]': query['page[limit]'], 'page[offset]': query['page[offset]'] }, CATALOG_PRODUCTS_SPEC);
    return this.read(req, res, q.pageLength, (ctx) => this.catalog.componentProducts(ctx, id, q));
  }

  /**
   * The prepared answer of this read of the request's release (see preparedReadKey); `pageLength` is the one its
   * list query was parsed with, the store's current one for a read that is not a list.
   */
  protected async read(req: Request, res: Response, pageLength: number | undefined, build: (ctx: CatalogReadContext) => Promise<object>) {
    const releaseId = await this.releaseOf(req);
    const currency = requestCurrency(req.get('x-moltin-currency'), this.currencies.defaultCurrency());
    const base = linkBase();
    const ctx: CatalogReadContext = { releaseId, currency, includes: parseCatalogIncludes(req.query.include), url: { baseUrl: base, path: req.path, query: req.query as Query } };
    const key = preparedReadKey(req, currency, pageLength ?? (await this.listQuery.defaultLimit()));
    const route = (req.route as { path: string }).path;
    const answer = await this.prepared.answer(releaseId, key, route, () => build(ctx));
    res.setHeader('ETag', answer.etag);
    return preparedDocument(answer);
  }
}
