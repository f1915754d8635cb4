import { defineSchemas } from '../common/openapi/schema-registry';
import { ORDER_ITEM_WIRE, ORDER_WIRE } from './order.wire';

/** An order and an order item as their presenters show them (from their wire formats). Requests: the DTOs. */
export const ORDER_SCHEMAS = defineSchemas({
  Order: ORDER_WIRE.schema(),
  OrderItem: ORDER_ITEM_WIRE.schema(),
});
