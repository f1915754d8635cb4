import { defineLifecycle } from '../common/lifecycle';

export const ORDER_STATUSES = ['incomplete', 'processing', 'complete', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `pay`: a payment is taken, captured or confirmed; `void`: an authorization is cancelled; `refund`: money is
 * given back; `fulfil`: the order is shipped; `cancel`: the order is cancelled.
 */
export type OrderStatusAction = 'pay' | 'void' | 'refund' | 'fulfil' | 'cancel';

/**
 * How an order's status moves. Payments derive it (paid → complete, authorized → processing, otherwise
 * incomplete; refunds keep it); fulfilment completes it; a cancelled order takes no new money and stays
 * cancelled, though its authorizations can still be voided and its payments refunded.
 */
export const ORDER_STATUS_LIFECYCLE = defineLifecycle<OrderStatus, OrderStatusAction>('order status', ['incomplete'], {
  incomplete: {
    pay: ['incomplete', 'processing', 'complete'],
    void: ['incomplete'],
    refund: ['incomplete'],
    fulfil: ['complete'],
    cancel: ['cancelled'],
  },
  processing: {
    pay: ['processing', 'complete', 'incomplete'],
    void: ['incomplete', 'processing'],
    refund: ['processing'],
    fulfil: ['complete'],
    cancel: ['cancelled'],
  },
  complete: {
    pay: ['complete'],
    void: ['complete'],
    refund: ['complete'],
    fulfil: ['complete'],
    cancel: ['cancelled'],
  },
  cancelled: {
    void: ['cancelled'],
    refund: ['cancelled'],
  },
});
