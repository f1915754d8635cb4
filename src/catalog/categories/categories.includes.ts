import { isImplicit } from '../../auth/access.decorators';
import { ResolvesInclude } from '../../common/include/include.decorators';
import { IncludeContext, IncludeResolver, Resource } from '../../common/include/include.types';
import { ProductsService } from '../products/products.service';
import type { PresentedCategory } from './categories.presenter';

/** `GET /categories?include=products` → `included.products` (live only for storefront tokens). */
@ResolvesInclude({ parent: 'category', names: ['products', 'product'], key: 'products' })
export class CategoryProductsInclude implements IncludeResolver {
  constructor(private readonly products: ProductsService) {}

  async resolve(parents: Resource[], ctx: IncludeContext) {
    const ids = (parents as unknown as PresentedCategory[]).flatMap((c) => c.relationships.products.data.map((r) => r.id));
    return this.products.findPresented([...new Set(ids)], isImplicit(ctx.principal));
  }
}
