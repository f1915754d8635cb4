import { timestamps } from '../../common/http/timestamps';
import { displayPrice } from '../../common/money/money';
import type { Product } from '../../generated/prisma/client';

export type ProductRow = Product & { categories?: { categoryId: string }[]; files?: { fileId: string }[] };

/**
 * What an omitted `price[].includes_tax` means. The reference is silent; every EP example shows `true`,
 * and cart lines already default to it.
 */
export const DEFAULT_INCLUDES_TAX = true;

interface Price {
  amount: number;
  currency: string;
  includes_tax: boolean;
}

/**
 * The stored prices, `includes_tax` always a boolean. Rows written by other tools may lack it, or hold entries
 * that are not prices at all (no integer amount or no currency): those are left out.
 */
export function productPrices(row: Pick<Product, 'price'>): Price[] {
  if (!Array.isArray(row.price)) return [];
  return (row.price as unknown[])
    .filter((p): p is Partial<Price> => typeof p === 'object' && p !== null && Number.isInteger((p as Price).amount) && typeof (p as Price).currency === 'string')
    .map((p) => ({
      amount: p.amount as number,
      currency: p.currency as string,
      includes_tax: typeof p.includes_tax === 'boolean' ? p.includes_tax : DEFAULT_INCLUDES_TAX,
    }));
}

export function presentProduct(row: ProductRow) {
  const price = productPrices(row);
  const relationships: Record<string, unknown> = {};
  if (row.files?.length) relationships.files = { data: row.files.map((f) => ({ type: 'file', id: f.fileId })) };
  if (row.categories?.length) relationships.categories = { data: row.categories.map((c) => ({ type: 'category', id: c.categoryId })) };
  if (row.mainImageId) relationships.main_image = { data: { type: 'main_image', id: row.mainImageId } };
  const meta: Record<string, unknown> = { timestamps: timestamps(row) };
  if (price[0]) {
    const shown = displayPrice(price[0].amount, price[0].currency);
    meta.display_price = { with_tax: shown, without_tax: { ...shown } };
  }
  meta.stock = { level: row.stockLevel, availability: !row.manageStock || row.stockLevel > 0 ? 'in-stock' : 'out-stock' };
  return {
    type: 'product',
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    manage_stock: row.manageStock,
    price,
    status: row.status,
    commodity_type: row.commodityType,
    'tax-code': row.taxCode,
    meta,
    relationships,
  };
}

export type PresentedProduct = ReturnType<typeof presentProduct>;
