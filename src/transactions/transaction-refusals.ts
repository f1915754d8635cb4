import { ApiError, UnprocessableError } from '../common/errors/api-error';
import { assertTransition } from '../common/lifecycle';
import type { Order, Transaction } from '../generated/prisma/client';
import { ORDER_STATUS_LIFECYCLE } from '../orders/order-status-lifecycle';
import { isInFlight, TRANSACTION_LIFECYCLE, TransactionState, transactionState } from './transaction-lifecycle';

type RefusableAction = 'capture' | 'refund' | 'confirm' | 'cancel';

/** The 422 answer to an action the transaction's state does not allow. */
export function transactionRefusal(t: Transaction, action: RefusableAction): ApiError {
  const is = `this transaction is ${t.transactionType} with status ${t.status}`;
  switch (action) {
    case 'capture':
      return new UnprocessableError('Transaction cannot be captured', `Only a complete authorize transaction can be captured; ${is}`);
    case 'refund':
      return new UnprocessableError('Transaction cannot be refunded', `Only a complete purchase or capture can be refunded; ${is}`);
    case 'confirm':
      return new UnprocessableError(
        'Transaction cannot be confirmed',
        isInFlight(t.paymentIntentStatus) ? 'The transaction is already being confirmed or cancelled' : `Only a pending payment can be confirmed; ${is}`,
      );
    case 'cancel':
      return new UnprocessableError('Transaction cannot be cancelled', `Only a pending payment or a complete authorization can be cancelled; ${is}`);
  }
}

/** Refuses (422) `action` unless the transaction lifecycle allows it from the row's state; returns that state. */
export function assertTransactionCan(t: Transaction, action: RefusableAction): TransactionState {
  const state = transactionState(t);
  assertTransition(TRANSACTION_LIFECYCLE, state, action, () => transactionRefusal(t, action));
  return state;
}

/** A new payment on a cancelled order. */
export function assertOrderPayable(order: Order) {
  assertTransition(ORDER_STATUS_LIFECYCLE, order.status, 'pay', () => new UnprocessableError('Order cannot be paid', 'The order is cancelled'));
}

/** Capturing or confirming a transaction of a cancelled order (`what`: "captured", "confirmed"). */
export function assertOrderTakesPayments(order: Order, what: string) {
  assertTransition(ORDER_STATUS_LIFECYCLE, order.status, 'pay', () => new UnprocessableError('Order is cancelled', `A transaction of a cancelled order cannot be ${what}`));
}
