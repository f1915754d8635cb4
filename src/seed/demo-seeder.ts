import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { FileStorage } from '../catalog/files/file-storage';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { demoCatalog, SeedResult } from './demo-catalog';

/** Seeders on several processes (replicas started with SEED_DEMO) take turns. */
const SEED_LOCK = 72410034;

/**
 * Writes the demo catalogue straight into the database, in one transaction: for the server itself
 * (SEED_DEMO=true) and for `npm run seed` when no server is running. Categories are found by slug, images
 * by file name and products by SKU; only what is missing is added (a demo product without its main image or
 * a category gets it), so a second run adds nothing.
 */
@Injectable()
export class DemoSeeder {
  constructor(
    private readonly prisma: PrismaService,
    private readonly storage: FileStorage,
  ) {}

  async seed(): Promise<SeedResult> {
    const started = Date.now();
    const { categories, products } = demoCatalog();
    const counts = await this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
        const now = Date.now();
        const categoryIds = new Map(
          (await tx.category.findMany({ where: { slug: { in: categories.map((c) => c.slug) } }, select: { id: true, slug: true } })).map((c) => [c.slug, c.id]),
        );
        const newCategories = categories
          .filter((c) => !categoryIds.has(c.slug))
          .map(({ name, slug, description, status, backgroundColour }, i) => ({ id: randomUUID(), name, slug, description, status, backgroundColour, createdAt: new Date(now + i) }));
        for (const c of newCategories) categoryIds.set(c.slug, c.id);
        await tx.category.createMany({ data: newCategories });

        const imageNames = categories.map((c) => c.image.fileName);
        const imageIds = new Map(
          (await tx.file.findMany({ where: { fileName: { in: imageNames } }, select: { id: true, fileName: true }, orderBy: { createdAt: 'asc' } })).map((f) => [f.fileName, f.id]),
        );
        const newImages: Prisma.FileCreateManyInput[] = [];
        for (const [i, { image }] of categories.entries()) {
          if (imageIds.has(image.fileName)) continue;
          const id = randomUUID();
          await this.storage.put(id, image.png);
          newImages.push({ id, fileName: image.fileName, mimeType: 'image/png', fileSize: image.png.length, public: true, storageKey: id, width: 64, height: 64, createdAt: new Date(now + i) });
          imageIds.set(image.fileName, id);
        }
        await tx.file.createMany({ data: newImages });

        const existing = new Map(
          (
            await tx.product.findMany({
              where: { sku: { in: products.map((p) => p.sku) } },
              select: { id: true, sku: true, mainImageId: true, categories: { select: { categoryId: true } } },
            })
          ).map((p) => [p.sku, p]),
        );
        const newProducts: Prisma.ProductCreateManyInput[] = [];
        const withoutImage: { id: string; mainImageId: string }[] = [];
        const links: { productId: string; categoryId: string }[] = [];
        for (const [n, product] of products.entries()) {
          const found = existing.get(product.sku);
          const productId = found?.id ?? randomUUID();
          const mainImageId = imageIds.get(product.imageFileName)!;
          if (!found) {
            const { name, slug, sku, description, price, status, commodityType, manageStock, stockLevel } = product;
            newProducts.push({ id: productId, name, slug, sku, description, price, status, commodityType, manageStock, stockLevel, mainImageId, createdAt: new Date(now + n) });
          } else if (!found.mainImageId) {
            withoutImage.push({ id: productId, mainImageId });
          }
          const linked = new Set(found?.categories.map((c) => c.categoryId));
          for (const slug of product.categorySlugs) {
            const categoryId = categoryIds.get(slug)!;
            if (!linked.has(categoryId)) links.push({ productId, categoryId });
          }
        }
        await tx.product.createMany({ data: newProducts });
        for (const { id, mainImageId } of withoutImage) await tx.product.update({ where: { id }, data: { mainImageId } });
        await tx.productCategory.createMany({ data: links });
        return { categories: newCategories.length, products: newProducts.length, images: newImages.length };
      },
      { timeout: 120_000, maxWait: 120_000 },
    );
    return { ...counts, ms: Date.now() - started };
  }
}
