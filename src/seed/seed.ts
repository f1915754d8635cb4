import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../app.module';
import { FileStorage } from '../catalog/files/file-storage';
import { PrismaService } from '../prisma/prisma.service';
import { solidPng } from './png';

const CATEGORIES = ['Apparel', 'Shoes', 'Bags', 'Home', 'Kitchen', 'Garden', 'Toys', 'Books', 'Music', 'Sports', 'Beauty', 'Electronics'];
const ADJECTIVES = ['Classic', 'Modern', 'Compact', 'Deluxe', 'Eco', 'Urban', 'Vintage', 'Premium', 'Everyday', 'Travel'];
const PRODUCTS_PER_CATEGORY = 25;

/** Demo catalogue: 12 categories, 300 products with PNG main images. Skips when products already exist. */
export async function seed(): Promise<{ skipped: boolean; products: number; categories: number }> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    const prisma = app.get(PrismaService);
    const storage = app.get(FileStorage);
    if ((await prisma.product.count()) > 0) return { skipped: true, products: 0, categories: 0 };

    const now = Date.now();
    const categories = CATEGORIES.map((name, i) => ({
      id: randomUUID(),
      name,
      slug: name.toLowerCase(),
      description: `${name} for every day`,
      status: 'live',
      backgroundColour: `#${((i * 0x1f3a7b) & 0xffffff).toString(16).padStart(6, '0')}`,
      createdAt: new Date(now + i),
    }));
    const files: { id: string; fileName: string; mimeType: string; fileSize: number; public: boolean; storageKey: string; width: number; height: number; createdAt: Date }[] = [];
    const products: { id: string; name: string; slug: string; sku: string; description: string; price: object; status: string; commodityType: string; manageStock: boolean; stockLevel: number; mainImageId: string; createdAt: Date }[] = [];
    const links: { productId: string; categoryId: string }[] = [];
    const productFiles: { productId: string; fileId: string }[] = [];
    let n = 0;
    for (const [ci, category] of categories.entries()) {
      for (let j = 0; j < PRODUCTS_PER_CATEGORY; j++, n++) {
        const id = randomUUID();
        const fileId = randomUUID();
        const png = solidPng(16, 16, [(ci * 20 + 40) % 256, (j * 9) % 256, (n * 7) % 256]);
        await storage.put(fileId, png);
        files.push({ id: fileId, fileName: `product-${n + 1}.png`, mimeType: 'image/png', fileSize: png.length, public: true, storageKey: fileId, width: 16, height: 16, createdAt: new Date(now + n) });
        const name = `${ADJECTIVES[j % ADJECTIVES.length]} ${category.name.replace(/s$/, '')} ${n + 1}`;
        products.push({
          id,
          name,
          slug: `${category.slug}-${n + 1}`,
          sku: `SKU-${String(n + 1).padStart(5, '0')}`,
          description: `${name}: a seeded demo product.`,
          price: [{ amount: 500 + ((n * 137) % 20000), currency: 'USD', includes_tax: true }],
          status: n % 10 === 9 ? 'draft' : 'live',
          commodityType: n % 7 === 0 ? 'digital' : 'physical',
          manageStock: n % 3 === 0,
          stockLevel: n % 3 === 0 ? (n * 13) % 50 : 0,
          mainImageId: fileId,
          createdAt: new Date(now + n),
        });
        links.push({ productId: id, categoryId: category.id });
        if (j % 5 === 0) links.push({ productId: id, categoryId: categories[(ci + 1) % categories.length].id });
        productFiles.push({ productId: id, fileId });
      }
    }
    await prisma.$transaction(async (tx) => {
      await tx.category.createMany({ data: categories });
      await tx.file.createMany({ data: files });
      await tx.product.createMany({ data: products });
      await tx.productCategory.createMany({ data: links });
      await tx.productFile.createMany({ data: productFiles });
    });
    return { skipped: false, products: products.length, categories: categories.length };
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const started = Date.now();
  seed()
    .then((r) => {
      console.log(r.skipped ? 'Products already exist; seed skipped.' : `Seeded ${r.categories} categories and ${r.products} products in ${Date.now() - started} ms.`);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
