import { isState } from '../common/lifecycle';
import type { OrderPaymentStatus } from '../orders/order-payment-lifecycle';
import { ORDER_STATUS_LIFECYCLE, OrderStatus } from '../orders/order-status-lifecycle';

/**
 * Pure order payment arithmetic (docs/api.md, "Payments and transactions").
 * `authorized` = complete, not yet captured authorizations; `paid` = complete purchases and captures;
 * `refunded` = what was refunded of `paid`.
 */
export interface OrderAmounts {
  withTax: number;
  authorizedAmount: number;
  paidAmount: number;
  refundedAmount: number;
  payment: string;
  status: string;
}

/** The amounts and the statuses they lead to. */
export interface NextOrderState extends OrderAmounts {
  payment: OrderPaymentStatus;
  status: OrderStatus;
}

/** How one operation moves the order's amounts; `zeroTotal`: the payment status it means on a zero-total order. */
export interface OrderAmountsDelta {
  authorized?: number;
  paid?: number;
  refunded?: number;
  zeroTotal?: Extract<OrderPaymentStatus, 'paid' | 'authorized' | 'unpaid'>;
}

/** What is still to be paid or authorized. */
export function balanceOwing(o: Pick<OrderAmounts, 'withTax' | 'authorizedAmount' | 'paidAmount'>): number {
  return Math.max(0, o.withTax - o.authorizedAmount - o.paidAmount);
}

export function paymentStatus(o: Omit<OrderAmounts, 'payment' | 'status'>, previous: string): OrderPaymentStatus {
  // Everything that was paid has been refunded (and nothing is still authorized): refunded.
  if (o.paidAmount > 0 && o.refundedAmount >= o.paidAmount && o.authorizedAmount === 0) return 'refunded';
  if (o.paidAmount > 0 || (o.withTax === 0 && previous === 'paid')) {
    return o.paidAmount >= o.withTax ? 'paid' : 'partially_paid';
  }
  if (o.authorizedAmount > 0 || (o.withTax === 0 && previous === 'authorized')) {
    return o.authorizedAmount >= o.withTax ? 'authorized' : 'partially_authorized';
  }
  return 'unpaid';
}

/** Order status follows payment: paid → complete, authorized → processing; refunds and cancellations keep it. */
export function orderStatus(payment: OrderPaymentStatus, previous: string): OrderStatus {
  if (previous === 'cancelled') return previous;
  switch (payment) {
    case 'paid':
      return 'complete';
    case 'authorized':
      return 'processing';
    case 'refunded':
      return isState(ORDER_STATUS_LIFECYCLE, previous) ? previous : 'incomplete';
    default:
      return 'incomplete';
  }
}

/** Applies amount changes and derives `payment` and `status`. */
export function nextOrderState(o: OrderAmounts, delta: OrderAmountsDelta): NextOrderState {
  const amounts = {
    withTax: o.withTax,
    authorizedAmount: Math.max(0, o.authorizedAmount + (delta.authorized ?? 0)),
    paidAmount: Math.max(0, o.paidAmount + (delta.paid ?? 0)),
    refundedAmount: Math.max(0, o.refundedAmount + (delta.refunded ?? 0)),
  };
  // A zero-total order has no amounts to compare: the operation itself says where it stands.
  const payment = o.withTax === 0 && delta.zeroTotal ? delta.zeroTotal : paymentStatus(amounts, o.payment);
  return { ...amounts, payment, status: orderStatus(payment, o.status) };
}

/** How a payment that completes moves the order: an authorization reserves the amount, a purchase pays it. */
export function completedPaymentDelta(transactionType: string, amount: number): OrderAmountsDelta {
  return transactionType === 'authorize' ? { authorized: amount, zeroTotal: 'authorized' } : { paid: amount, zeroTotal: 'paid' };
}
