import { ResolvesInclude } from '../common/include/include.decorators';
import { IncludeResolver, Resource } from '../common/include/include.types';
import { OrdersService } from './orders.service';

/** `?include=items` on orders: every item of every listed order in one query. */
@ResolvesInclude({ parent: 'order', names: ['items'], key: 'items' })
export class OrderItemsInclude implements IncludeResolver {
  constructor(private readonly orders: OrdersService) {}

  async resolve(parents: Resource[]): Promise<Resource[]> {
    return this.orders.itemsOfOrders(parents.map((p) => p.id));
  }
}
