import { solidPng } from './png';

/** SKUs of the demo's PXM products start with this; a seed finds what it added before by SKU. */
export const PXM_DEMO_SKU_PREFIX = 'PXM-DEMO-';
/** The demo catalog's own names, by which a second seed finds it. */
export const PXM_DEMO = {
  hierarchySlug: 'demo-store',
  hierarchyName: 'Demo store',
  pricebookRef: 'demo-pxm-usd',
  pricebookName: 'Demo prices (USD)',
  catalogName: 'Demo catalog',
} as const;

export interface DemoNode {
  slug: string;
  name: string;
  /** The parent node's slug; none for a node at the top of the hierarchy. */
  parent?: string;
}

export interface DemoVariation {
  name: string;
  /** Option names with the SKU suffix each appends to a child. */
  options: { name: string; suffix: string }[];
}

export interface DemoPxmProduct {
  sku: string;
  name: string;
  slug: string;
  description: string;
  status: 'live' | 'draft';
  /** The nodes (by slug) it is in. */
  nodes: string[];
  /** US cents. */
  price: number;
  /** A parent built into children from these variations (by name); each child costs `price`. */
  variations?: string[];
  /** A bundle: component name → SKUs of its options, and how many of them a shopper picks. */
  components?: Record<string, { skus: string[]; min: number; max: number }>;
  image: { fileName: string; png: Buffer };
}

const NODES: DemoNode[] = [
  { slug: 'demo-apparel', name: 'Apparel' },
  { slug: 'demo-t-shirts', name: 'T-shirts', parent: 'demo-apparel' },
  { slug: 'demo-shoes', name: 'Shoes', parent: 'demo-apparel' },
  { slug: 'demo-home', name: 'Home' },
  { slug: 'demo-kitchen', name: 'Kitchen', parent: 'demo-home' },
  { slug: 'demo-mugs', name: 'Mugs', parent: 'demo-kitchen' },
];

const VARIATIONS: DemoVariation[] = [
  { name: 'Demo size', options: [{ name: 'Small', suffix: '-S' }, { name: 'Medium', suffix: '-M' }, { name: 'Large', suffix: '-L' }] },
  { name: 'Demo colour', options: [{ name: 'Red', suffix: '-RED' }, { name: 'Blue', suffix: '-BLUE' }] },
];

type ProductSeed = Omit<DemoPxmProduct, 'sku' | 'slug' | 'image' | 'status'> & { key: string; status?: 'live' | 'draft'; rgb: [number, number, number] };

const PRODUCTS: ProductSeed[] = [
  { key: 'TEE', name: 'Classic T-shirt', description: 'Soft cotton, in three sizes and two colours', nodes: ['demo-t-shirts'], price: 1900, variations: ['Demo size', 'Demo colour'], rgb: [200, 60, 60] },
  { key: 'TRAIL', name: 'Trail runner', description: 'Grip for wet paths', nodes: ['demo-shoes'], price: 8900, rgb: [60, 120, 60] },
  { key: 'SNEAKER', name: 'City sneaker', description: 'Light and easy to clean', nodes: ['demo-shoes'], price: 6900, rgb: [230, 230, 230] },
  { key: 'MUG', name: 'Stoneware mug', description: 'Holds 350 ml', nodes: ['demo-mugs'], price: 1200, rgb: [90, 90, 160] },
  { key: 'TRAVEL-MUG', name: 'Travel mug', description: 'Keeps coffee hot for hours', nodes: ['demo-mugs'], price: 2400, rgb: [40, 40, 40] },
  { key: 'KNIFE', name: 'Chef knife', description: 'Twenty centimetres of steel', nodes: ['demo-kitchen'], price: 5900, rgb: [180, 180, 190] },
  { key: 'BOARD', name: 'Cutting board', description: 'Oak, end grain', nodes: ['demo-kitchen'], price: 3400, rgb: [160, 110, 60] },
  { key: 'LAMP', name: 'Reading lamp', description: 'Coming soon: a draft no shopper sees', nodes: ['demo-home'], price: 4500, status: 'draft', rgb: [240, 220, 120] },
  {
    key: 'BREAKFAST-SET',
    name: 'Breakfast set',
    description: 'A mug of your choice and a cutting board',
    nodes: ['demo-kitchen'],
    price: 4200,
    components: {
      mug: { skus: [`${PXM_DEMO_SKU_PREFIX}MUG`, `${PXM_DEMO_SKU_PREFIX}TRAVEL-MUG`], min: 1, max: 1 },
      board: { skus: [`${PXM_DEMO_SKU_PREFIX}BOARD`], min: 1, max: 1 },
    },
    rgb: [220, 160, 80],
  },
];

/**
 * The demo of Elastic Path's current catalog: a three-level hierarchy, live products with images, a draft, a
 * T-shirt built into six children, a bundle, and one USD price for every SKU. The same on every call.
 */
export function demoPxmCatalog(): { nodes: DemoNode[]; variations: DemoVariation[]; products: DemoPxmProduct[] } {
  const products = PRODUCTS.map(({ key, rgb, status, ...rest }) => {
    const slug = `demo-${key.toLowerCase()}`;
    return { ...rest, sku: `${PXM_DEMO_SKU_PREFIX}${key}`, slug, status: status ?? 'live', image: { fileName: `demo-pxm-${slug}.png`, png: solidPng(64, 64, rgb) } };
  });
  return { nodes: NODES, variations: VARIATIONS, products };
}
