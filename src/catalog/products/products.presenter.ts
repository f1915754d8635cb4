import type { Product } from '../../generated/prisma/client';
import { PRODUCT_WIRE, ProductWireContext, type Price } from './product.wire';

export { DEFAULT_INCLUDES_TAX, productPrices } from './product.wire';

export type ProductRow = Product & { categories?: { categoryId: string }[]; files?: { fileId: string }[] };

type RelationshipData = { data: { type: string; id: string } | { type: string; id: string }[] };

/** A product as the API shows it (the wire format is declared in product.wire.ts). */
export type PresentedProduct = {
  type: 'product';
  id: string;
  name: string;
  slug: string;
  sku: string;
  description: string;
  manage_stock: boolean;
  price: Price[];
  status: string;
  commodity_type: string;
  'tax-code': string | null;
  meta: Record<string, unknown>;
  relationships: Partial<Record<'files' | 'categories' | 'main_image', RelationshipData>>;
};

/** Relationships as the row was read: its category links are live ones when the reader is a storefront. */
const AS_READ: ProductWireContext = { liveOnly: false };

export function presentProduct(row: ProductRow): PresentedProduct {
  return PRODUCT_WIRE.present(row, AS_READ) as unknown as PresentedProduct;
}
