import { isImplicit } from '../../auth/access.decorators';
import { ResolvesInclude } from '../../common/include/include.decorators';
import { IncludeContext, IncludeResolver, Resource } from '../../common/include/include.types';
import { CategoriesService } from '../categories/categories.service';
import { FilesService } from '../files/files.service';
import type { PresentedProduct } from './products.presenter';

function relatedIds(parents: Resource[], relation: 'files' | 'categories' | 'main_image'): string[] {
  const ids = (parents as unknown as PresentedProduct[]).flatMap((p) => {
    const rel = p.relationships[relation] as { data: { id: string } | { id: string }[] } | undefined;
    if (!rel) return [];
    return Array.isArray(rel.data) ? rel.data.map((r) => r.id) : [rel.data.id];
  });
  return [...new Set(ids)];
}

/** `include=main_image` → `included.main_images` (File objects). */
@ResolvesInclude({ parent: 'product', names: ['main_image', 'main_images'], key: 'main_images' })
export class ProductMainImagesInclude implements IncludeResolver {
  constructor(private readonly files: FilesService) {}

  resolve(parents: Resource[], ctx: IncludeContext) {
    return this.files.findPresented(relatedIds(parents, 'main_image'), isImplicit(ctx.principal));
  }
}

/** `include=files` → `included.files`. */
@ResolvesInclude({ parent: 'product', names: ['files', 'file'], key: 'files' })
export class ProductFilesInclude implements IncludeResolver {
  constructor(private readonly files: FilesService) {}

  resolve(parents: Resource[], ctx: IncludeContext) {
    return this.files.findPresented(relatedIds(parents, 'files'), isImplicit(ctx.principal));
  }
}

/** `include=categories` (or `category`) → `included.categories` (live only for storefront tokens). */
@ResolvesInclude({ parent: 'product', names: ['categories', 'category'], key: 'categories' })
export class ProductCategoriesInclude implements IncludeResolver {
  constructor(private readonly categories: CategoriesService) {}

  resolve(parents: Resource[], ctx: IncludeContext) {
    return this.categories.findPresented(relatedIds(parents, 'categories'), isImplicit(ctx.principal));
  }
}
