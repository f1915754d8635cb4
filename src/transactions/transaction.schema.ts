import { closed, dataRequest, string } from '../common/openapi/json-schema';
import { requestSchemaOf } from '../common/openapi/request-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { PaymentDto } from './dto/create-payment.dto';
import { TRANSACTION_WIRE } from './transaction.wire';

const transaction = TRANSACTION_WIRE.schema();

/**
 * A transaction as presentTransaction shows it (from its wire format), and with what a payment intent's storefront
 * needs. The payment's body is derived from its DTO here, not by `@DataBody()`: its pipe checks `gateway` against
 * the gateways registered at start. The other requests: their DTOs.
 */
export const TRANSACTION_SCHEMAS = defineSchemas({
  Transaction: transaction,
  TransactionWithClientSecret: {
    ...transaction,
    properties: {
      ...(transaction.properties as object),
      payment_intent: closed({ id: string(), client_secret: string(), status: string() }),
      client_parameters: closed({ token: string(), secret: string() }),
    },
    description: 'A transaction; a payment intent one also carries what the storefront needs to confirm it',
  },
  PaymentRequest: dataRequest(requestSchemaOf(PaymentDto)),
});
