import { balanceOwing, nextOrderState, OrderAmounts } from './order-payment-state';

const unpaid = (withTax: number): OrderAmounts => ({ withTax, authorizedAmount: 0, paidAmount: 0, refundedAmount: 0, payment: 'unpaid', status: 'incomplete' });

describe('order payment state', () => {
  it('full authorization → authorized/processing; capture → paid/complete', () => {
    const authorized = nextOrderState(unpaid(100), { authorized: 100 });
    expect(authorized).toMatchObject({ payment: 'authorized', status: 'processing', authorizedAmount: 100 });
    const paid = nextOrderState(authorized, { authorized: -100, paid: 100 });
    expect(paid).toMatchObject({ payment: 'paid', status: 'complete', authorizedAmount: 0, paidAmount: 100 });
  });

  it('partial amounts: partially_authorized / partially_paid, order incomplete', () => {
    expect(nextOrderState(unpaid(100), { authorized: 40 })).toMatchObject({ payment: 'partially_authorized', status: 'incomplete' });
    expect(nextOrderState(unpaid(100), { paid: 40 })).toMatchObject({ payment: 'partially_paid', status: 'incomplete' });
    // One of two authorizations captured: partially paid until all are captured.
    const both = nextOrderState(unpaid(100), { authorized: 100 });
    expect(nextOrderState(both, { authorized: -40, paid: 40 })).toMatchObject({ payment: 'partially_paid', status: 'incomplete' });
  });

  it('partial refund keeps paid; full refund → refunded, status unchanged', () => {
    const paid = nextOrderState(unpaid(100), { paid: 100 });
    expect(nextOrderState(paid, { refunded: 30 })).toMatchObject({ payment: 'paid', status: 'complete', refundedAmount: 30 });
    expect(nextOrderState(paid, { refunded: 100 })).toMatchObject({ payment: 'refunded', status: 'complete' });
    expect(nextOrderState({ ...paid, status: 'cancelled' }, { refunded: 100 })).toMatchObject({ payment: 'refunded', status: 'cancelled' });
  });

  it('releasing an authorization returns to unpaid', () => {
    const authorized = nextOrderState(unpaid(100), { authorized: 100 });
    expect(nextOrderState(authorized, { authorized: -100 })).toMatchObject({ payment: 'unpaid', status: 'incomplete', authorizedAmount: 0 });
  });

  it('zero-total orders take the status the operation implies', () => {
    expect(nextOrderState(unpaid(0), { paid: 0, zeroTotal: 'paid' })).toMatchObject({ payment: 'paid', status: 'complete' });
    expect(nextOrderState(unpaid(0), { authorized: 0, zeroTotal: 'authorized' })).toMatchObject({ payment: 'authorized', status: 'processing' });
  });

  it('balance owing never goes negative', () => {
    expect(balanceOwing({ withTax: 100, authorizedAmount: 30, paidAmount: 20 })).toBe(50);
    expect(balanceOwing({ withTax: 100, authorizedAmount: 0, paidAmount: 150 })).toBe(0);
  });
});
