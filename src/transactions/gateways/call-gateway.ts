import { ApiError, UnprocessableError } from '../../common/errors/api-error';
import { GatewayConnection, PaymentGatewayError } from '../../gateways/payment-gateway';

/**
 * Calls the gateway outside any database transaction. On failure runs `undo` (gives the claim back) and
 * answers 422 (the gateway refused, with its message) or 502 (no usable answer).
 */
export async function callGateway<T>(gateway: GatewayConnection, call: () => Promise<T>, undo?: () => Promise<unknown>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (undo) await undo();
    if (err instanceof PaymentGatewayError) {
      if (err.kind === 'declined') throw new UnprocessableError('Payment gateway processing failed', err.message);
      throw new ApiError(502, 'Bad Gateway', `${gateway.label}: ${err.message}`);
    }
    throw err;
  }
}
