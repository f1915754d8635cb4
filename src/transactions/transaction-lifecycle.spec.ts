import { ApiError } from '../common/errors/api-error';
import { canTransition, lifecycleProblems, statesAllowing } from '../common/lifecycle';
import type { Transaction } from '../generated/prisma/client';
import { heldState, stateColumns, TRANSACTION_LIFECYCLE, transactionState } from './transaction-lifecycle';
import { assertTransactionCan } from './transaction-refusals';

const can = (state: string, action: Parameters<typeof canTransition>[2]) => canTransition(TRANSACTION_LIFECYCLE, state, action as never);

function transaction(transactionType: string, status: string, paymentIntentStatus: string | null = null): Transaction {
  return { transactionType, status, paymentIntentStatus } as Transaction;
}

/** The 422 an action on `t` is refused with, or undefined when it is allowed. */
function refusal(t: Transaction, action: 'capture' | 'refund' | 'confirm' | 'cancel') {
  try {
    assertTransactionCan(t, action);
    return undefined;
  } catch (err) {
    const { status, title, detail } = err as ApiError;
    return { status, title, detail };
  }
}

describe('the transaction lifecycle', () => {
  it('is a sound table', () => {
    expect(lifecycleProblems(TRANSACTION_LIFECYCLE)).toEqual([]);
  });

  it('an authorized transaction can be captured, and cancelled (voided)', () => {
    expect(can('authorize complete', 'capture')).toBe(true);
    expect(can('authorize complete', 'cancel')).toBe(true);
    expect(statesAllowing(TRANSACTION_LIFECYCLE, 'capture')).toEqual(['authorize complete']);
  });

  it('a purchase, a capture and a partly refunded transaction can be refunded; nothing else can', () => {
    expect(statesAllowing(TRANSACTION_LIFECYCLE, 'refund')).toEqual(['purchase complete', 'capture complete', 'refund complete']);
  });

  it('only a pending payment can be confirmed', () => {
    expect(statesAllowing(TRANSACTION_LIFECYCLE, 'confirm')).toEqual(['purchase pending', 'authorize pending']);
  });

  it('a pending payment or a complete authorization can be cancelled', () => {
    expect(statesAllowing(TRANSACTION_LIFECYCLE, 'cancel')).toEqual(['purchase pending', 'authorize pending', 'authorize complete']);
  });

  it('a refunded one cannot be cancelled, captured or confirmed', () => {
    expect(can('refund complete', 'cancel')).toBe(false);
    expect(can('refund complete', 'capture')).toBe(false);
    expect(can('refund complete', 'confirm')).toBe(false);
  });

  it('a captured one cannot be captured again', () => {
    expect(can('capture complete', 'capture')).toBe(false);
  });

  it('a failed or cancelled payment is final', () => {
    for (const state of ['purchase failed', 'purchase cancelled', 'authorize failed', 'authorize cancelled']) {
      expect(statesAllowing(TRANSACTION_LIFECYCLE, 'settle').includes(state as never)).toBe(false);
      expect(TRANSACTION_LIFECYCLE.table[state as keyof typeof TRANSACTION_LIFECYCLE.table]).toEqual({});
    }
  });

  it('while a gateway call is in flight no action starts from the transaction', () => {
    for (const state of ['purchase confirming', 'purchase canceling', 'authorize confirming', 'authorize canceling', 'capture pending']) {
      for (const action of ['capture', 'refund', 'confirm', 'cancel'] as const) expect(can(state, action)).toBe(false);
    }
  });

  it('a gateway failure settles a held transaction back where it was', () => {
    expect(canTransition(TRANSACTION_LIFECYCLE, 'capture pending', 'settle', 'authorize complete')).toBe(true);
    expect(canTransition(TRANSACTION_LIFECYCLE, 'authorize canceling', 'settle', 'authorize complete')).toBe(true);
    expect(canTransition(TRANSACTION_LIFECYCLE, 'purchase confirming', 'settle', 'purchase pending')).toBe(true);
  });

  it('reads the state of a row: its type and status, or the gateway call in flight', () => {
    expect(transactionState(transaction('authorize', 'complete', 'requires_capture'))).toBe('authorize complete');
    expect(transactionState(transaction('purchase', 'pending', 'requires_action'))).toBe('purchase pending');
    expect(transactionState(transaction('purchase', 'pending', 'confirming'))).toBe('purchase confirming');
    expect(transactionState(transaction('authorize', 'pending', 'canceling'))).toBe('authorize canceling');
  });

  it('holds a transaction in the state the table names while the gateway is called', () => {
    expect(stateColumns(heldState('authorize complete', 'capture'))).toEqual({ transactionType: 'capture', status: 'pending' });
    expect(stateColumns(heldState('purchase pending', 'confirm'))).toEqual({ status: 'pending', paymentIntentStatus: 'confirming' });
    expect(stateColumns(heldState('authorize complete', 'cancel'))).toEqual({ status: 'pending', paymentIntentStatus: 'canceling' });
  });
});

describe('refusing a transaction action', () => {
  it('answers 422 with what the transaction is', () => {
    expect(refusal(transaction('refund', 'complete'), 'cancel')).toEqual({
      status: 422,
      title: 'Transaction cannot be cancelled',
      detail: 'Only a pending payment or a complete authorization can be cancelled; this transaction is refund with status complete',
    });
    expect(refusal(transaction('purchase', 'complete'), 'capture')).toEqual({
      status: 422,
      title: 'Transaction cannot be captured',
      detail: 'Only a complete authorize transaction can be captured; this transaction is purchase with status complete',
    });
    expect(refusal(transaction('authorize', 'complete'), 'refund')?.detail).toBe(
      'Only a complete purchase or capture can be refunded; this transaction is authorize with status complete',
    );
  });

  it('says a payment being confirmed or cancelled is busy', () => {
    expect(refusal(transaction('purchase', 'pending', 'confirming'), 'confirm')?.detail).toBe('The transaction is already being confirmed or cancelled');
    expect(refusal(transaction('purchase', 'complete'), 'confirm')?.detail).toBe(
      'Only a pending payment can be confirmed; this transaction is purchase with status complete',
    );
  });

  it('lets allowed actions through', () => {
    expect(refusal(transaction('authorize', 'complete'), 'capture')).toBeUndefined();
    expect(refusal(transaction('purchase', 'pending', 'requires_action'), 'confirm')).toBeUndefined();
    expect(refusal(transaction('capture', 'complete'), 'refund')).toBeUndefined();
  });
});
