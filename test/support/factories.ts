import { randomUUID } from 'node:crypto';
import type { OrderWithItems } from '../../src/orders/order.presenter';
import type { Db } from '../../src/prisma/prisma.service';

/** A PrismaClient, a transaction client, or a TestApp (its `prisma` is used). */
export type PrismaLike = Db | { prisma: Db };

function db(p: PrismaLike): Db {
  return 'prisma' in p && (p as { prisma?: Db }).prisma ? (p as { prisma: Db }).prisma : (p as Db);
}

export interface ProductOverrides {
  name?: string;
  slug?: string;
  sku?: string;
  description?: string;
  status?: 'live' | 'draft' | string;
  price?: { amount: number; currency: string; includes_tax: boolean }[];
  /** Shorthand for `price: [{amount, currency: 'USD', includes_tax: true}]`. */
  amount?: number;
  currency?: string;
  commodityType?: string;
  manageStock?: boolean;
  stockLevel?: number;
}

/** Inserts a product directly (live, USD 1000 by default). */
export async function createProduct(prisma: PrismaLike, overrides: ProductOverrides = {}) {
  const suffix = randomUUID().slice(0, 8);
  const { amount, currency, price, ...rest } = overrides;
  return db(prisma).product.create({
    data: {
      name: `Product ${suffix}`,
      slug: `product-${suffix}`,
      sku: `SKU-${suffix}`,
      description: 'A test product',
      status: 'live',
      ...rest,
      price: price ?? [{ amount: amount ?? 1000, currency: currency ?? 'USD', includes_tax: true }],
    },
  });
}

export interface OrderFactoryOptions {
  /** Order total in minor units (with_tax = without_tax; tax 0). Default 1000. */
  withTax?: number;
  /** Alias of withTax. */
  amount?: number;
  currency?: string;
  status?: string;
  payment?: string;
  shipping?: string;
  customer?: { name?: string; email?: string; id?: string };
  accountId?: string | null;
  /** Item lines; defaults to one item worth the whole total. Their sum sets the total when withTax is omitted. */
  items?: { productId?: string; name?: string; sku?: string; quantity?: number; unitAmount: number }[];
  authorizedAmount?: number;
  paidAmount?: number;
  refundedAmount?: number;
  createdAt?: Date;
}

export const TEST_ADDRESS = {
  first_name: 'Ron',
  last_name: 'Swanson',
  line_1: '1 Sunny Street',
  line_2: '',
  city: 'Pawnee',
  postcode: '12345',
  county: 'Indiana',
  country: 'US',
};

/** Inserts an order with its items directly through Prisma (no cart, no events). */
export async function createOrder(prisma: PrismaLike, opts: OrderFactoryOptions = {}): Promise<OrderWithItems> {
  const currency = opts.currency ?? 'USD';
  const items =
    opts.items ??
    [{ productId: randomUUID(), name: 'Test item', sku: `SKU-${randomUUID().slice(0, 8)}`, quantity: 1, unitAmount: opts.withTax ?? opts.amount ?? 1000 }];
  const total = opts.withTax ?? opts.amount ?? items.reduce((sum, i) => sum + i.unitAmount * (i.quantity ?? 1), 0);
  const customer = { name: opts.customer?.name ?? 'Ron Swanson', email: opts.customer?.email ?? 'ron@swanson.com', ...(opts.customer?.id ? { id: opts.customer.id } : {}) };
  return db(prisma).order.create({
    data: {
      status: opts.status ?? 'incomplete',
      payment: opts.payment ?? 'unpaid',
      shipping: opts.shipping ?? 'unfulfilled',
      currency,
      customer,
      customerName: customer.name,
      customerEmail: customer.email,
      billingAddress: TEST_ADDRESS,
      shippingAddress: TEST_ADDRESS,
      withTax: total,
      withoutTax: total,
      tax: 0,
      authorizedAmount: opts.authorizedAmount ?? 0,
      paidAmount: opts.paidAmount ?? 0,
      refundedAmount: opts.refundedAmount ?? 0,
      accountId: opts.accountId ?? null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      items: {
        create: items.map((i, n) => ({
          productId: i.productId ?? randomUUID(),
          name: i.name ?? `Item ${n + 1}`,
          sku: i.sku ?? `SKU-${randomUUID().slice(0, 8)}`,
          quantity: i.quantity ?? 1,
          unitAmount: i.unitAmount,
          currency,
          includesTax: true,
        })),
      },
    },
    include: { items: true },
  });
}
