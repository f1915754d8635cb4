import type { ShopperOwner } from '../auth/order-access';
import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { COMPARISONS } from '../common/wire/wire-format';
import { CART_WIRE } from './cart.wire';

const WITH_ITEMS = { items: { orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }] } };

/** `GET /v2/carts`: the latest changed first, as Elastic Path lists a shopper's carts. */
export const CARTS_SPEC: ListResourceSpec = CART_WIRE.listSpec({
  defaultSort: '-updated_at',
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...COMPARISONS], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...COMPARISONS], sortable: true },
  },
});

@Injectable()
export class CartsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(id: string, db: Db = this.prisma) {
    return db.cart.findUnique({ where: { id }, include: WITH_ITEMS });
  }

  /** Created on first use (carts are named by the client). */
  async findOrCreate(id: string, db: Db = this.prisma) {
    await this.ensure(id, db);
    return (await this.find(id, db))!;
  }

  /** INSERT … ON CONFLICT DO NOTHING: concurrent first uses of one reference cannot collide (a Prisma upsert can). */
  async ensure(id: string, db: Db = this.prisma) {
    await db.$executeRaw`INSERT INTO carts (id, updated_at) VALUES (${id}, now()) ON CONFLICT (id) DO NOTHING`;
  }

  /** Creates the cart if needed and locks its row until the transaction ends (serialises item changes). */
  async lock(id: string, db: Db) {
    await this.ensure(id, db);
    await db.$queryRaw`SELECT id FROM carts WHERE id = ${id} FOR UPDATE`;
  }

  create(data: Prisma.CartCreateInput, db: Db = this.prisma) {
    return db.cart.create({ data, include: WITH_ITEMS });
  }

  async upsert(id: string, data: { name?: string; description?: string }, db: Db = this.prisma) {
    await this.ensure(id, db);
    return db.cart.update({ where: { id }, data, include: WITH_ITEMS });
  }

  setCurrency(id: string, currency: string | null, db: Db = this.prisma) {
    return db.cart.update({ where: { id }, data: { currency } });
  }

  /** Bumps `updated_at` (the 7-day expiry counts from the last change). */
  touch(id: string, db: Db = this.prisma) {
    return db.cart.update({ where: { id }, data: { updatedAt: new Date() } });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.cart.deleteMany({ where: { id } });
  }

  /** Adds the product, or increments its quantity when already in the cart (one statement, race-free). */
  upsertItem(
    cartId: string,
    item: {
      productId: string;
      source: string;
      name: string;
      sku: string;
      description: string;
      quantity: number;
      unitAmount: number;
      currency: string;
      includesTax: boolean;
      catalogId: string | null;
      image: Prisma.InputJsonObject | null;
      location: string | null;
      bundleConfiguration: Prisma.InputJsonObject | null;
    },
    db: Db = this.prisma,
  ) {
    const json = (value: Prisma.InputJsonObject | null) => value ?? Prisma.DbNull;
    return db.cartItem.upsert({
      where: { cartId_productId: { cartId, productId: item.productId } },
      create: { cartId, ...item, image: json(item.image), bundleConfiguration: json(item.bundleConfiguration) },
      // The line keeps its unit price; the name, SKU and image follow the product, and the last location named wins.
      update: {
        quantity: { increment: item.quantity },
        name: item.name,
        sku: item.sku,
        description: item.description,
        image: json(item.image),
        ...(item.location !== null ? { location: item.location } : {}),
      },
    });
  }

  createItem(data: Prisma.CartItemUncheckedCreateInput, db: Db = this.prisma) {
    return db.cartItem.create({ data });
  }

  updateItem(itemId: string, data: Prisma.CartItemUpdateInput, db: Db = this.prisma) {
    return db.cartItem.update({ where: { id: itemId }, data });
  }

  deleteItems(cartId: string, db: Db = this.prisma) {
    return db.cartItem.deleteMany({ where: { cartId } });
  }

  itemsOf(cartIds: string[], db: Db = this.prisma) {
    return db.cartItem.findMany({ where: { cartId: { in: cartIds } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  findItem(cartId: string, itemId: string, db: Db = this.prisma) {
    return db.cartItem.findFirst({ where: { id: itemId, cartId } });
  }

  setItemQuantity(itemId: string, quantity: number, db: Db = this.prisma) {
    return db.cartItem.update({ where: { id: itemId }, data: { quantity } });
  }

  deleteItem(itemId: string, db: Db = this.prisma) {
    return db.cartItem.deleteMany({ where: { id: itemId } });
  }

  /**
   * Products belong to the catalog module, which offers no service for this yet: a read of the few
   * columns a cart line copies (name, sku, description, status, price) and its managed stock.
   */
  findProduct(id: string, db: Db = this.prisma) {
    return db.product.findUnique({ where: { id }, select: { id: true, name: true, sku: true, description: true, status: true, price: true, manageStock: true, stockLevel: true } });
  }

  /** The code of the store's default currency (what a cart of catalog products is priced in when no currency is asked for). */
  async storeDefaultCurrency(db: Db = this.prisma): Promise<string | undefined> {
    return (await db.currency.findFirst({ where: { isDefault: true }, select: { code: true } }))?.code.toUpperCase();
  }

  /** A page of carts: those associated with the customer or account of `owner`, or every cart when it is undefined. */
  async list(q: ListQuery, owner: ShopperOwner | undefined, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, CARTS_SPEC);
    const owned: Prisma.CartWhereInput =
      owner === undefined ? {} : owner.accountId !== undefined ? { accounts: { some: { accountId: owner.accountId } } } : { customers: { some: { customerId: owner.customerId } } };
    const where: Prisma.CartWhereInput = { AND: [owned, (args.where ?? {}) as Prisma.CartWhereInput] };
    return loadPage(q, {
      items: () => db.cart.findMany({ ...(args as Prisma.CartFindManyArgs), where, include: WITH_ITEMS }),
      countMatching: () => db.cart.count({ where }),
      countAll: () => db.cart.count({ where: owned }),
    });
  }

  /** Associates the customers with the cart (already associated ones stay as they are). */
  async associate(cartId: string, customerIds: string[], db: Db = this.prisma) {
    await db.cartCustomer.createMany({ data: customerIds.map((customerId) => ({ cartId, customerId })), skipDuplicates: true });
  }

  dissociate(cartId: string, customerIds: string[], db: Db = this.prisma) {
    return db.cartCustomer.deleteMany({ where: { cartId, customerId: { in: customerIds } } });
  }

  /** Associates the accounts with the cart (already associated ones stay as they are). */
  async associateAccounts(cartId: string, accountIds: string[], db: Db = this.prisma) {
    await db.cartAccount.createMany({ data: accountIds.map((accountId) => ({ cartId, accountId })), skipDuplicates: true });
  }

  dissociateAccounts(cartId: string, accountIds: string[], db: Db = this.prisma) {
    return db.cartAccount.deleteMany({ where: { cartId, accountId: { in: accountIds } } });
  }
}
