import { defineLifecycle, targetsOf } from '../common/lifecycle';

export const TRANSACTION_TYPES = ['purchase', 'authorize', 'capture', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['pending', 'complete', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * `payment_intent_status` while a confirm or cancel call to the gateway is in flight (never a Stripe status).
 * The row stays `pending` meanwhile; no other action starts from it.
 */
export const IN_FLIGHT_MARKERS = ['confirming', 'canceling'] as const;
type InFlightMarker = (typeof IN_FLIGHT_MARKERS)[number];

/** A payment (what `POST /payments` creates). */
type PaymentType = Extract<TransactionType, 'purchase' | 'authorize'>;

/** A transaction's type and status, or, while a gateway call is in flight, what it is doing. */
export type TransactionState =
  | `${PaymentType} ${TransactionStatus | InFlightMarker}`
  | 'capture pending'
  | 'capture complete'
  | 'refund complete';

/** `settle`: the gateway answered (or failed) and the outcome is recorded. */
export type TransactionAction = 'capture' | 'refund' | 'confirm' | 'cancel' | 'settle';

/**
 * How a transaction moves. A capture holds the row as `capture pending`, a confirm or cancel holds it as
 * `… confirming` / `… canceling`, until the gateway answers; a gateway failure settles it back where it was.
 * Refunding keeps the row's state until the refund is recorded (the claimed amount is what is held).
 */
export const TRANSACTION_LIFECYCLE = defineLifecycle<TransactionState, TransactionAction>(
  'transaction',
  // What the gateway answers to a new payment.
  ['purchase pending', 'purchase complete', 'purchase failed', 'purchase cancelled', 'authorize pending', 'authorize complete', 'authorize failed', 'authorize cancelled'],
  {
    'purchase pending': { confirm: ['purchase confirming'], cancel: ['purchase canceling'] },
    'purchase confirming': { settle: ['purchase complete', 'purchase pending', 'purchase failed', 'purchase cancelled'] },
    'purchase canceling': { settle: ['purchase cancelled', 'purchase pending'] },
    'purchase complete': { refund: ['refund complete'] },
    'purchase failed': {},
    'purchase cancelled': {},

    'authorize pending': { confirm: ['authorize confirming'], cancel: ['authorize canceling'] },
    'authorize confirming': { settle: ['authorize complete', 'authorize pending', 'authorize failed', 'authorize cancelled'] },
    'authorize canceling': { settle: ['authorize cancelled', 'authorize pending', 'authorize complete'] },
    'authorize complete': { capture: ['capture pending'], cancel: ['authorize canceling'] },
    'authorize failed': {},
    'authorize cancelled': {},

    'capture pending': { settle: ['capture complete', 'authorize complete'] },
    'capture complete': { refund: ['refund complete'] },
    'refund complete': { refund: ['refund complete'] },
  },
);

interface TransactionColumns {
  transactionType: string;
  status: string;
  paymentIntentStatus?: string | null;
}

export function isInFlight(paymentIntentStatus: string | null | undefined): paymentIntentStatus is InFlightMarker {
  return (IN_FLIGHT_MARKERS as readonly (string | null | undefined)[]).includes(paymentIntentStatus);
}

/** The state a stored row is in (a string the table may not know, for a row written by something else). */
export function transactionState(t: TransactionColumns): string {
  return `${t.transactionType} ${t.status === 'pending' && isInFlight(t.paymentIntentStatus) ? t.paymentIntentStatus : t.status}`;
}

/** The state a transaction in `state` is held in while the gateway carries out `action`. */
export function heldState(state: TransactionState, action: 'capture' | 'confirm' | 'cancel'): TransactionState {
  const [held] = targetsOf(TRANSACTION_LIFECYCLE, state, action);
  if (held === undefined) throw new Error(`A ${state} transaction cannot be held for ${action}`);
  return held;
}

/** The columns a row has in `state`; an in-flight state sets only the marker's columns. */
export function stateColumns(state: TransactionState): { transactionType?: TransactionType; status: TransactionStatus; paymentIntentStatus?: InFlightMarker } {
  const [type, rest] = state.split(' ') as [TransactionType, TransactionStatus | InFlightMarker];
  return isInFlight(rest) ? { status: 'pending', paymentIntentStatus: rest } : { transactionType: type, status: rest };
}
