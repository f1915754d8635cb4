import { Injectable } from '@nestjs/common';
import { UnprocessableError } from '../common/errors/api-error';
import { statesAllowing } from '../common/lifecycle';
import type { Transaction } from '../generated/prisma/client';
import { CancelDto, CaptureDto, ConfirmDto, RefundDto } from './dto/transaction-actions.dto';
import { callGateway } from './gateways/call-gateway';
import { GatewayTransactionRef } from '../gateways/payment-gateway';
import { PaymentGateways } from './gateways/payment-gateways';
import { completedPaymentDelta, OrderAmountsDelta } from './order-payment-state';
import { heldState, stateColumns, TRANSACTION_LIFECYCLE, type TransactionState } from './transaction-lifecycle';
import { presentTransactionWithClientSecret } from './transaction.presenter';
import { assertOrderTakesPayments, assertTransactionCan, transactionRefusal } from './transaction-refusals';
import { TransactionOutcomeRecorder } from './transaction-outcome.recorder';
import { TransactionsRepository, whereInStates } from './transactions.repository';
import { TransactionsService } from './transactions.service';

/** The states each action may start from, as the condition of its claim. */
const CLAIMABLE = {
  capture: whereInStates(statesAllowing(TRANSACTION_LIFECYCLE, 'capture')),
  refund: whereInStates(statesAllowing(TRANSACTION_LIFECYCLE, 'refund')),
  confirm: whereInStates(statesAllowing(TRANSACTION_LIFECYCLE, 'confirm')),
  cancel: whereInStates(statesAllowing(TRANSACTION_LIFECYCLE, 'cancel')),
};

/**
 * Capture, refund, confirm and cancel a transaction (`POST .../transactions/:id/<action>`). Each runs in three
 * steps and never calls a gateway while a database transaction is open:
 *   1. check the lifecycle allows the action and CLAIM the row with one conditional UPDATE that moves it to
 *      the state it is held in (of N concurrent claims only the ones whose expected state still holds win;
 *      the others answer 422);
 *   2. call the gateway;
 *   3. record the outcome (TransactionOutcomeRecorder); on a gateway failure, give the claim back and
 *      answer 422/502.
 */
@Injectable()
export class TransactionActionsService {
  constructor(
    private readonly lookup: TransactionsService,
    private readonly transactions: TransactionsRepository,
    private readonly gateways: PaymentGateways,
    private readonly recorder: TransactionOutcomeRecorder,
  ) {}

  async capture(orderId: string, transactionId: string, dto: CaptureDto) {
    const { order, transaction } = await this.lookup.load(orderId, transactionId);
    assertOrderTakesPayments(order, 'captured');
    const gateway = await this.gateways.enabled(transaction.gateway);
    const held = stateColumns(heldState('authorize complete', 'capture'));
    const won = await this.transactions.claim(transactionId, { orderId, ...CLAIMABLE.capture }, held);
    if (!won) throw transactionRefusal((await this.transactions.findById(transactionId)) ?? transaction, 'capture');

    const outcome = await callGateway(
      gateway,
      () => gateway.capture(gatewayRef(transaction)),
      () => this.transactions.claim(transactionId, whereInStates(['capture pending']), stateColumns('authorize complete')),
    );

    return this.recorder.record(orderId, async (tx) => {
      const row = await this.transactions.update(
        transactionId,
        {
          ...stateColumns('capture complete'),
          capturedAmount: transaction.amount,
          // Given: overwrite; "": clear; omitted: keep.
          ...(dto.custom_reference !== undefined ? { customReference: dto.custom_reference === '' ? null : dto.custom_reference } : {}),
          ...(outcome.paymentIntent ? { paymentIntentStatus: outcome.paymentIntent.status } : {}),
        },
        tx,
      );
      return { row, delta: { authorized: -transaction.amount, paid: transaction.amount, zeroTotal: 'paid' } };
    });
  }

  async refund(orderId: string, transactionId: string, dto: RefundDto) {
    const { transaction } = await this.lookup.load(orderId, transactionId);
    const amount = refundAmount(transaction, dto.amount);
    const gateway = await this.gateways.enabled(transaction.gateway);
    // What is held is the amount: the row keeps its state until the refund is recorded.
    const won = await this.transactions.claim(
      transactionId,
      { orderId, ...CLAIMABLE.refund, refundedAmount: { lte: transaction.amount - amount } },
      { refundedAmount: { increment: amount } },
    );
    if (!won) {
      const fresh = (await this.transactions.findById(transactionId)) ?? transaction;
      refundAmount(fresh, dto.amount); // throws the precise reason when there is one
      throw new UnprocessableError('Transaction cannot be refunded', 'The transaction changed while the refund was being made; retry');
    }

    // No amount = "mark as refunded": the service only records it (Elastic Path's docs: no money is moved).
    if (dto.amount !== undefined) {
      await callGateway(
        gateway,
        () => gateway.refund(gatewayRef(transaction), amount),
        () => this.transactions.claim(transactionId, {}, { refundedAmount: { decrement: amount } }),
      );
    }

    return this.recorder.record(orderId, async (tx) => {
      const row = await this.transactions.update(
        transactionId,
        { ...stateColumns('refund complete'), refundMechanism: dto.amount !== undefined && gateway.paymentIntents ? 'automatic' : 'manual' },
        tx,
      );
      return { row, delta: { refunded: amount } };
    });
  }

  async confirm(orderId: string, transactionId: string, dto: ConfirmDto) {
    const { order, transaction } = await this.lookup.load(orderId, transactionId);
    const gateway = await this.gateways.enabled(transaction.gateway);
    if (!gateway.supports('confirm')) {
      throw new UnprocessableError('Unsupported gateway operation', `Confirmation is not supported for ${gateway.label} payment gateway`);
    }
    if (dto.gateway !== undefined && !this.gateways.sameGateway(dto.gateway, transaction.gateway)) {
      throw new UnprocessableError(
        'Transaction cannot be confirmed',
        `The transaction was paid through the ${transaction.gateway} gateway; it cannot be confirmed through "${dto.gateway}"`,
        'data.gateway',
      );
    }
    const state = assertTransactionCan(transaction, 'confirm');
    assertOrderTakesPayments(order, 'confirmed');
    await this.holdUnchanged(orderId, transaction, 'confirm', heldState(state, 'confirm'), () =>
      new UnprocessableError('Transaction cannot be confirmed', 'The transaction is already being confirmed or cancelled'),
    );

    const outcome = await callGateway(
      gateway,
      () => gateway.confirm(gatewayRef(transaction), { payment: dto.payment }),
      () => this.transactions.claim(transactionId, whereInStates([heldState(state, 'confirm')]), { paymentIntentStatus: transaction.paymentIntentStatus }),
    );

    return this.recorder.record(
      orderId,
      async (tx) => {
        const row = await this.transactions.update(
          transactionId,
          { status: outcome.status, paymentIntentStatus: outcome.paymentIntent?.status ?? transaction.paymentIntentStatus },
          tx,
        );
        return { row, delta: outcome.status === 'complete' ? completedPaymentDelta(transaction.transactionType, transaction.amount) : undefined };
      },
      { present: presentTransactionWithClientSecret },
    );
  }

  async cancel(orderId: string, transactionId: string, dto: CancelDto) {
    const { transaction } = await this.lookup.load(orderId, transactionId);
    const gateway = await this.gateways.get(transaction.gateway);
    if (!gateway.supports('cancel')) {
      throw new UnprocessableError('Unsupported gateway operation', `Cancellation is not supported for ${gateway.label} payment gateway`);
    }
    const state = assertTransactionCan(transaction, 'cancel');
    const held = heldState(state, 'cancel');
    await this.holdUnchanged(orderId, transaction, 'cancel', held, () =>
      new UnprocessableError('Transaction cannot be cancelled', 'The transaction is already being confirmed, captured or cancelled'),
    );

    const outcome = await callGateway(
      gateway,
      () => gateway.cancel(gatewayRef(transaction), { reason: dto.reason }),
      () => this.transactions.claim(transactionId, whereInStates([held]), { status: transaction.status, paymentIntentStatus: transaction.paymentIntentStatus }),
    );

    return this.recorder.record(orderId, async (tx) => {
      const row = await this.transactions.update(transactionId, { status: 'cancelled', paymentIntentStatus: outcome.paymentIntent?.status ?? 'canceled' }, tx);
      // Voiding a complete authorization releases what it reserved on the order.
      const delta: OrderAmountsDelta | undefined = transaction.status === 'complete' ? { authorized: -transaction.amount, zeroTotal: 'unpaid' } : undefined;
      return { row, delta };
    });
  }

  /**
   * Holds the transaction in `held` while its gateway call runs, if it is still as it was read. When another
   * request got there first: the lifecycle's refusal for its new state, else `busy` (it is mid-call).
   */
  private async holdUnchanged(orderId: string, transaction: Transaction, action: 'confirm' | 'cancel', held: TransactionState, busy: () => UnprocessableError) {
    const won = await this.transactions.claim(transaction.id, { AND: [{ orderId }, CLAIMABLE[action], unchangedSinceRead(transaction)] }, stateColumns(held));
    if (won) return;
    assertTransactionCan((await this.transactions.findById(transaction.id)) ?? transaction, action);
    throw busy();
  }
}

/** The row exactly as it was read (a concurrent change of its state or gateway status loses the claim). */
function unchangedSinceRead(t: Transaction) {
  return { transactionType: t.transactionType, status: t.status, paymentIntentStatus: t.paymentIntentStatus };
}

function gatewayRef(t: Transaction): GatewayTransactionRef {
  return { id: t.id, reference: t.reference, amount: t.amount, currency: t.currency, transactionType: t.transactionType };
}

/** The amount a refund may take: the requested one, or what remains; refuses what the lifecycle or the amounts do not allow. */
function refundAmount(t: Transaction, requested: number | undefined): number {
  assertTransactionCan(t, 'refund');
  const remaining = t.amount - t.refundedAmount;
  if (remaining <= 0) throw new UnprocessableError('Transaction cannot be refunded', 'The transaction is already fully refunded');
  const amount = requested ?? remaining;
  if (amount > remaining) {
    throw new UnprocessableError('Refund amount exceeds the amount available', `The amount ${amount} is greater than the ${remaining} that remains to be refunded`);
  }
  return amount;
}
