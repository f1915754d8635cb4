import { closed, constant, dataRequest, dateTime, integer, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { toOne, WIRE } from '../common/openapi/wire-schemas';

const transaction = {
  id: uuid(),
  type: constant('transaction'),
  reference: string(),
  name: string(),
  custom_reference: string(),
  gateway: string(),
  amount: integer(),
  refunded_amount: integer(),
  refund_mechanism: string(),
  currency: string(),
  transaction_type: string({ example: 'authorize' }),
  'transaction-type': string({ description: 'The same as transaction_type (legacy key)' }),
  status: string({ example: 'complete' }),
  relationships: closed({ order: toOne('order') }),
  meta: closed({
    display_price: ref(WIRE.DisplayPrice),
    display_refunded_amount: closed({ total: ref(WIRE.DisplayPrice) }),
    timestamps: ref(WIRE.Timestamps),
    created_at: dateTime(),
  }),
};
const optional = ['name', 'custom_reference', 'refund_mechanism'];

export const TRANSACTION_SCHEMAS = defineSchemas({
  Transaction: closed(transaction, optional),
  TransactionWithClientSecret: closed(
    {
      ...transaction,
      payment_intent: closed({ id: string(), client_secret: string(), status: string() }),
      client_parameters: closed({ token: string(), secret: string() }),
    },
    [...optional, 'payment_intent', 'client_parameters'],
    { description: 'A transaction; a payment intent one also carries what the storefront needs to confirm it' },
  ),
  PaymentRequest: dataRequest(
    open(
      {
        gateway: string({ example: 'manual' }),
        method: { type: 'string', enum: ['authorize', 'purchase', 'purchase_setup', 'authorize_setup'] },
        amount: integer({ minimum: 1 }),
        payment: string(),
        payment_method_types: { type: 'array', items: string() },
        options: open(),
        paymentmethod_meta: open({ name: string(), custom_reference: string() }),
      },
      ['gateway', 'method'],
    ),
  ),
  CaptureRequest: dataRequest(open({ custom_reference: string() })),
  RefundRequest: dataRequest(open({ amount: integer({ minimum: 1 }) })),
  ConfirmRequest: dataRequest(open({ payment: string(), gateway: string(), method: string() })),
  CancelRequest: dataRequest(open({ reason: string() })),
});
