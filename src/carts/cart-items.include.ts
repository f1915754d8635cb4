import { ResolvesInclude } from '../common/include/include.decorators';
import { IncludeResolver, Resource } from '../common/include/include.types';
import { CartsService } from './carts.service';

/** `GET /v2/carts/:ref?include=items`: the items in one query. */
@ResolvesInclude({ parent: 'cart', names: ['items'], key: 'items' })
export class CartItemsInclude implements IncludeResolver {
  constructor(private readonly carts: CartsService) {}

  async resolve(parents: Resource[]): Promise<Resource[]> {
    return this.carts.itemsOfCarts(parents.map((p) => p.id));
  }
}
