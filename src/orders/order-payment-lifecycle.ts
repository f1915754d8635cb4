import { defineLifecycle } from '../common/lifecycle';

export const ORDER_PAYMENT_STATUSES = ['unpaid', 'partially_authorized', 'authorized', 'partially_paid', 'paid', 'refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/**
 * What completes on the order's money: an `authorize` or a `purchase` payment, the `capture` of an
 * authorization, the `void` (cancel) of one, a `refund`.
 */
export type OrderPaymentAction = 'authorize' | 'purchase' | 'capture' | 'void' | 'refund';

/**
 * How an order's payment status moves (the amounts decide which target; see order-payment-state.ts). A new
 * payment is accepted only while a balance may be owing: never on an authorized, paid or refunded order.
 */
export const ORDER_PAYMENT_LIFECYCLE = defineLifecycle<OrderPaymentStatus, OrderPaymentAction>('order payment', ['unpaid'], {
  unpaid: {
    authorize: ['partially_authorized', 'authorized'],
    purchase: ['partially_paid', 'paid'],
  },
  partially_authorized: {
    authorize: ['partially_authorized', 'authorized'],
    purchase: ['partially_paid', 'paid'],
    capture: ['partially_paid', 'paid'],
    void: ['unpaid', 'partially_authorized'],
  },
  authorized: {
    capture: ['partially_paid', 'paid'],
    void: ['unpaid', 'partially_authorized'],
  },
  partially_paid: {
    authorize: ['partially_paid'],
    purchase: ['partially_paid', 'paid'],
    capture: ['partially_paid', 'paid'],
    void: ['partially_paid'],
    refund: ['partially_paid', 'refunded'],
  },
  paid: {
    refund: ['paid', 'refunded'],
  },
  refunded: {},
});
