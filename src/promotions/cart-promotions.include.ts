import { ResolvesInclude } from '../common/include/include.decorators';
import { IncludeResolver, Resource } from '../common/include/include.types';
import { PromotionsService } from './promotions.service';

/** `GET /v2/carts/:ref?include=promotions`: the promotions the carts' pricing applied, in one query. */
@ResolvesInclude({ parent: 'cart', names: ['promotions'], key: 'promotions' })
export class CartPromotionsInclude implements IncludeResolver {
  constructor(private readonly promotions: PromotionsService) {}

  async resolve(parents: Resource[]): Promise<Resource[]> {
    const ids = new Set<string>();
    for (const cart of parents) {
      const items = (cart.relationships as { items?: { data?: { type: string; id: string }[] } } | undefined)?.items?.data ?? [];
      for (const item of items) if (item.type === 'promotion_item') ids.add(item.id);
    }
    return this.promotions.presentMany([...ids]);
  }
}
