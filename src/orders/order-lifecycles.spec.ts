import { canTransition, lifecycleProblems } from '../common/lifecycle';
import { nextOrderState, OrderAmounts, OrderAmountsDelta } from '../transactions/order-payment-state';
import { ORDER_PAYMENT_LIFECYCLE, OrderPaymentAction } from './order-payment-lifecycle';
import { ORDER_STATUS_LIFECYCLE, OrderStatusAction } from './order-status-lifecycle';
import { SHIPPING_LIFECYCLE } from './shipping-lifecycle';

const unpaid = (withTax: number): OrderAmounts => ({ withTax, authorizedAmount: 0, paidAmount: 0, refundedAmount: 0, payment: 'unpaid', status: 'incomplete' });

const STATUS_ACTION: Record<OrderPaymentAction, OrderStatusAction> = { authorize: 'pay', purchase: 'pay', capture: 'pay', void: 'void', refund: 'refund' };

/** Applies `delta` and checks that both tables allow the move the arithmetic made. */
function step(order: OrderAmounts, action: OrderPaymentAction, delta: OrderAmountsDelta): OrderAmounts {
  const next = nextOrderState(order, delta);
  expect({ from: order.payment, action, to: next.payment, allowed: canTransition(ORDER_PAYMENT_LIFECYCLE, order.payment, action, next.payment) }).toMatchObject({ allowed: true });
  const statusAction = STATUS_ACTION[action];
  expect({ from: order.status, statusAction, to: next.status, allowed: canTransition(ORDER_STATUS_LIFECYCLE, order.status, statusAction, next.status) }).toMatchObject({
    allowed: true,
  });
  return next;
}

describe('the order lifecycles', () => {
  it('are sound tables', () => {
    expect(lifecycleProblems(ORDER_PAYMENT_LIFECYCLE)).toEqual([]);
    expect(lifecycleProblems(ORDER_STATUS_LIFECYCLE)).toEqual([]);
    expect(lifecycleProblems(SHIPPING_LIFECYCLE)).toEqual([]);
  });

  it('an unpaid order can be authorized, then captured in parts, then refunded in full', () => {
    let order = step(unpaid(100), 'authorize', { authorized: 60 });
    order = step(order, 'authorize', { authorized: 40 });
    order = step(order, 'capture', { authorized: -60, paid: 60 });
    order = step(order, 'capture', { authorized: -40, paid: 40 });
    order = step(order, 'refund', { refunded: 30 });
    order = step(order, 'refund', { refunded: 70 });
    expect(order).toMatchObject({ payment: 'refunded', status: 'complete' });
  });

  it('an authorization can be voided back to unpaid; a part payment keeps the order partially paid', () => {
    const authorized = step(unpaid(100), 'authorize', { authorized: 100 });
    expect(step(authorized, 'void', { authorized: -100, zeroTotal: 'unpaid' })).toMatchObject({ payment: 'unpaid', status: 'incomplete' });
    let mixed = step(unpaid(100), 'purchase', { paid: 30 });
    mixed = step(mixed, 'authorize', { authorized: 70 });
    mixed = step(mixed, 'void', { authorized: -70 });
    expect(step(mixed, 'refund', { refunded: 30 })).toMatchObject({ payment: 'refunded' });
  });

  it('a zero-total order is paid, or authorized and captured, by the operation itself', () => {
    step(unpaid(0), 'purchase', { paid: 0, zeroTotal: 'paid' });
    const authorized = step(unpaid(0), 'authorize', { authorized: 0, zeroTotal: 'authorized' });
    step(authorized, 'capture', { authorized: 0, paid: 0, zeroTotal: 'paid' });
    step(authorized, 'void', { authorized: 0, zeroTotal: 'unpaid' });
  });

  it('a cancelled order stays cancelled while its payments are refunded or its authorizations voided', () => {
    const paid = { ...nextOrderState(unpaid(100), { paid: 100 }), status: 'cancelled' };
    expect(step(paid, 'refund', { refunded: 100 })).toMatchObject({ payment: 'refunded', status: 'cancelled' });
    const authorized = { ...nextOrderState(unpaid(100), { authorized: 100 }), status: 'cancelled' };
    expect(step(authorized, 'void', { authorized: -100 })).toMatchObject({ status: 'cancelled' });
  });

  it('a new payment is accepted only while a balance may be owing', () => {
    for (const payment of ['unpaid', 'partially_authorized', 'partially_paid']) expect(canTransition(ORDER_PAYMENT_LIFECYCLE, payment, 'purchase')).toBe(true);
    for (const payment of ['authorized', 'paid', 'refunded']) {
      expect(canTransition(ORDER_PAYMENT_LIFECYCLE, payment, 'purchase')).toBe(false);
      expect(canTransition(ORDER_PAYMENT_LIFECYCLE, payment, 'authorize')).toBe(false);
    }
  });

  it('a cancelled order cannot be paid, fulfilled or cancelled again', () => {
    expect(canTransition(ORDER_STATUS_LIFECYCLE, 'cancelled', 'pay')).toBe(false);
    expect(canTransition(ORDER_STATUS_LIFECYCLE, 'cancelled', 'fulfil')).toBe(false);
    expect(canTransition(ORDER_STATUS_LIFECYCLE, 'cancelled', 'cancel')).toBe(false);
    expect(canTransition(ORDER_STATUS_LIFECYCLE, 'complete', 'cancel', 'cancelled')).toBe(true);
  });

  it('a fulfilled order is final; an unfulfilled one can be fulfilled or amended', () => {
    expect(canTransition(SHIPPING_LIFECYCLE, 'unfulfilled', 'fulfil', 'fulfilled')).toBe(true);
    expect(canTransition(SHIPPING_LIFECYCLE, 'unfulfilled', 'amend')).toBe(true);
    expect(canTransition(SHIPPING_LIFECYCLE, 'fulfilled', 'amend')).toBe(false);
    expect(canTransition(SHIPPING_LIFECYCLE, 'fulfilled', 'fulfil')).toBe(false);
  });
});
