import { UnprocessableError } from '../../common/errors/api-error';
import type { Prisma } from '../../generated/prisma/client';
import { isUuid } from '../../common/validation/resource-id.pipe';
import type { Request } from 'express';
import { CatalogResolver, ResolvedRelease } from '../../catalogs/catalog-resolver';
import { INVENTORY_STOCK } from '../../orders/orders.service';
import { InventoryStock } from '../../inventories/inventory-stock.service';
import type { ReleasedProduct } from '../../shopper-catalog/release-reader';
import { ReleaseReader } from '../../shopper-catalog/release-reader';
import { CartsRepository } from '../carts.repository';
import { bundleSelection, ReleasedComponent } from './bundle-selection';
import { CartItemSource, CartItemSourceProvider, CheckoutLines, ItemRequest, SourceContext, SourcedProduct, TakenStock } from './cart-item-source';

/** The name items of a published catalog release carry (`catalog_source`, as Elastic Path names PXM catalogs). */
export const CATALOG_SOURCE = 'pim';

/** What `prepare` read: the shopper's release, and each product named (null when the release does not hold it). */
interface Prepared {
  release: ResolvedRelease;
  products: Map<string, ReleasedProduct | null>;
}

/** How an item names its product: by id (only an id can name a released product) or by SKU. */
function keyOf(request: ItemRequest): { name: string; lookup: { id?: string; sku?: string } } | null {
  if (request.id !== undefined) return isUuid(request.id) ? { name: `id:${request.id.toLowerCase()}`, lookup: { id: request.id.toLowerCase() } } : null;
  return request.sku !== undefined ? { name: `sku:${request.sku}`, lookup: { sku: request.sku } } : null;
}

/** `{mime_type, file_name, href}` of a released product's main image (a file object as /v2/files presents one). */
function imageOf(file: Record<string, any> | null): Prisma.InputJsonObject | null {
  if (!file) return null;
  return { mime_type: String(file.mime_type ?? ''), file_name: String(file.file_name ?? ''), href: String(file.link?.href ?? '') };
}

/**
 * The products of the release the shopper sees (CatalogResolver): a product by id or SKU, priced from the release in
 * the cart's currency. A parent (base) product is refused (its children are what is sold); a bundle takes its
 * selected options, checked against its components. Asked before legacy products: a product absent from the
 * shopper's release is left to them, and is not found when they do not know it either. Inventory stock, where the
 * product has some, is allocated at checkout.
 */
@CartItemSource({ name: CATALOG_SOURCE, order: 10 })
export class CatalogProductSource implements CartItemSourceProvider {
  constructor(
    private readonly resolver: CatalogResolver,
    private readonly reader: ReleaseReader,
    private readonly carts: CartsRepository,
    private readonly inventory: InventoryStock,
  ) {}

  /** The shopper's release and the products the add names in it, read before the add's transaction. */
  async prepare(requests: ItemRequest[], http: Request | undefined): Promise<Prepared | null> {
    if (!http) return null;
    const release = await this.resolver.forRequest(http);
    if (!release) return null;
    const products = new Map<string, ReleasedProduct | null>();
    for (const request of requests) {
      const key = keyOf(request);
      if (key && !products.has(key.name)) products.set(key.name, await this.reader.productInRelease(release.releaseId, key.lookup));
    }
    return { release, products };
  }

  async find(request: ItemRequest, { db, prepared }: SourceContext): Promise<SourcedProduct | null> {
    const state = prepared as Prepared | null | undefined;
    const key = keyOf(request);
    const product = state && key ? state.products.get(key.name) : null;
    if (!state || !product) return null;
    const release = state.release;
    if (product.productTypes.includes('parent')) {
      throw new UnprocessableError(
        'Cannot add a base product',
        `Product ${product.id} is a parent product; add one of its child products (the variations a shopper picks) instead`,
        request.id !== undefined ? 'data.id' : 'data.sku',
      );
    }
    const selected = product.productTypes.includes('bundle') ? this.selection(product, request) : null;
    if (!selected && request.bundleConfiguration !== undefined) {
      throw new UnprocessableError('Not a bundle', `Product ${product.id} is not a bundle; it takes no bundle_configuration`, 'data.bundle_configuration');
    }
    const prices = (product.body.attributes?.price ?? {}) as Record<string, { amount?: unknown; includes_tax?: unknown }>;
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku ?? '',
      description: typeof product.body.attributes?.description === 'string' ? product.body.attributes.description : '',
      defaultCurrency: await this.carts.storeDefaultCurrency(db),
      priceIn: (currency) => {
        const price = prices[currency];
        return price && typeof price.amount === 'number' ? { amount: price.amount, includesTax: price.includes_tax !== false } : null;
      },
      line: {
        catalogId: release.catalogId,
        image: imageOf(product.mainImage),
        location: request.location ?? null,
        bundleConfiguration: selected ? { selected_options: selected } : null,
      },
    };
  }

  private selection(product: ReleasedProduct, request: ItemRequest) {
    const components = (product.body.attributes?.components ?? {}) as Record<string, ReleasedComponent>;
    return bundleSelection(components, request.bundleConfiguration?.selected_options);
  }

  /** Inventory stock is checked when it is allocated, at checkout. */
  async assertQuantity(): Promise<void> {}

  /** Allocates the items' quantities where their products have inventory stock (at each item's location): all or none. */
  async reserve({ items, context }: CheckoutLines): Promise<Map<string, TakenStock>> {
    const allocated = await this.inventory.allocate(
      context.db,
      items.map((i) => ({ productId: i.productId, quantity: i.quantity, locationSlug: i.location ?? undefined })),
    );
    return new Map(items.filter((i) => allocated.has(i.productId.toLowerCase())).map((i) => [i.id, { stockSource: INVENTORY_STOCK }]));
  }
}
