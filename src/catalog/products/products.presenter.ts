import type { Product } from '../../generated/prisma/client';
import type { Presented } from '../../common/wire/wire-format';
import { PRODUCT_WIRE, ProductWireContext } from './product.wire';

export { DEFAULT_INCLUDES_TAX, productPrices } from './product.wire';

export type ProductRow = Product & { categories?: { categoryId: string }[]; files?: { fileId: string }[] };

/** A product as the API shows it (declared once, in product.wire.ts). */
export type PresentedProduct = Presented<typeof PRODUCT_WIRE>;

/** Relationships as the row was read: its category links are live ones when the reader is a storefront. */
const AS_READ: ProductWireContext = { liveOnly: false };

export function presentProduct(row: ProductRow): PresentedProduct {
  return PRODUCT_WIRE.present(row, AS_READ);
}
