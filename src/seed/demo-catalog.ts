import { solidPng } from './png';

export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
  status: 'live';
  backgroundColour: string;
  /** The main image of the category's own products. */
  image: { fileName: string; png: Buffer };
}

export interface DemoProduct {
  name: string;
  slug: string;
  sku: string;
  description: string;
  price: { amount: number; currency: string; includes_tax: boolean }[];
  status: 'live' | 'draft';
  commodityType: 'physical' | 'digital';
  manageStock: boolean;
  stockLevel: number;
  /** Slugs of the categories it belongs to, the first its own. */
  categorySlugs: string[];
  /** File name of its main image: its own category's. */
  imageFileName: string;
}

const CATEGORIES = ['Apparel', 'Shoes', 'Bags', 'Home', 'Kitchen', 'Garden', 'Toys', 'Books', 'Music', 'Sports', 'Beauty', 'Electronics'];
const ADJECTIVES = ['Classic', 'Modern', 'Compact', 'Deluxe', 'Eco', 'Urban', 'Vintage', 'Premium', 'Everyday', 'Travel'];
const PRODUCTS_PER_CATEGORY = 25;

/** SKUs of the demo products start with this; a seed recognises what it added before by SKU and slug. */
export const DEMO_SKU_PREFIX = 'SKU-';
/** File names of the demo images start with this. */
export const DEMO_IMAGE_PREFIX = 'demo-';

/**
 * The demo catalogue: 12 categories with a PNG image each, 300 products (every tenth a draft, every seventh
 * digital, every third with managed stock) whose main image is their category's; every fifth product is
 * also in the next category. 12 images rather than 300 keep seeding through the API quick.
 * The same on every call, so seeding again finds what is there by slug and SKU and adds only what is missing.
 */
export function demoCatalog(): { categories: DemoCategory[]; products: DemoProduct[] } {
  const categories: DemoCategory[] = CATEGORIES.map((name, i) => ({
    name,
    slug: name.toLowerCase(),
    description: `${name} for every day`,
    status: 'live',
    backgroundColour: `#${((i * 0x1f3a7b) & 0xffffff).toString(16).padStart(6, '0')}`,
    image: { fileName: `${DEMO_IMAGE_PREFIX}${name.toLowerCase()}.png`, png: solidPng(64, 64, [(i * 20 + 40) % 256, (i * 57) % 256, (i * 91 + 120) % 256]) },
  }));
  const products: DemoProduct[] = [];
  let n = 0;
  for (const [ci, category] of categories.entries()) {
    for (let j = 0; j < PRODUCTS_PER_CATEGORY; j++, n++) {
      const name = `${ADJECTIVES[j % ADJECTIVES.length]} ${category.name.replace(/s$/, '')} ${n + 1}`;
      const categorySlugs = [category.slug];
      if (j % 5 === 0) categorySlugs.push(categories[(ci + 1) % categories.length].slug);
      products.push({
        name,
        slug: `${category.slug}-${n + 1}`,
        sku: `${DEMO_SKU_PREFIX}${String(n + 1).padStart(5, '0')}`,
        description: `${name}: a seeded demo product.`,
        price: [{ amount: 500 + ((n * 137) % 20000), currency: 'USD', includes_tax: true }],
        status: n % 10 === 9 ? 'draft' : 'live',
        commodityType: n % 7 === 0 ? 'digital' : 'physical',
        manageStock: n % 3 === 0,
        stockLevel: n % 3 === 0 ? (n * 13) % 50 : 0,
        categorySlugs,
        imageFileName: category.image.fileName,
      });
    }
  }
  return { categories, products };
}

export interface SeedResult {
  categories: number;
  products: number;
  images: number;
  /** The demo of Elastic Path's current catalog (PXM), when this seed loaded it too. */
  pxm?: { added: number; releaseId: string | null; catalogId: string };
  ms: number;
}

export function describeSeedResult(r: SeedResult): string {
  const legacy =
    r.categories + r.products + r.images === 0
      ? 'The demo catalog is already there; nothing added'
      : `Demo catalog: added ${r.categories} categories, ${r.products} products and ${r.images} images`;
  if (!r.pxm) return `${legacy} (${r.ms} ms).`;
  const pxm = r.pxm.releaseId
    ? `the PXM demo catalog: ${r.pxm.added} things added, release ${r.pxm.releaseId} published`
    : 'the PXM demo catalog is already published; nothing added';
  return `${legacy}; ${pxm} (${r.ms} ms).`;
}
