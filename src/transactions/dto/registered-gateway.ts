import { ArgumentMetadata, Injectable } from '@nestjs/common';
import { ValidateBy } from 'class-validator';
import { AsyncLocalStorage } from 'node:async_hooks';
import { registerValidatorSchema } from '../../common/openapi/request-schema';
import { DataBodyPipe } from '../../common/validation/data-body.pipe';
import { GatewayRegistry } from '../../gateways/gateway-registry';

/** The gateway names of the app whose request is being validated (each app has its own registry). */
const paymentNames = new AsyncLocalStorage<readonly string[]>();

registerValidatorSchema('isRegisteredGateway', () => ({
  type: 'string',
  description: 'The slug or an alias of a gateway registered in this store (GET /v2/gateways)',
  example: 'manual',
}));

/** A payment's `gateway`: a name of a registered gateway (checked by PaymentBodyPipe, which knows them). */
export function IsRegisteredGateway(): PropertyDecorator {
  return ValidateBy({
    name: 'isRegisteredGateway',
    validator: {
      validate: (value) => typeof value === 'string' && (paymentNames.getStore() ?? []).includes(value),
      defaultMessage: (args) => `${args?.property} must be one of: ${(paymentNames.getStore() ?? []).join(', ')}`,
    },
  });
}

/** `@DataBody()` for a payment: validates `gateway` against the gateways registered in this app. */
@Injectable()
export class PaymentBodyPipe extends DataBodyPipe {
  constructor(private readonly registry: GatewayRegistry) {
    super();
  }

  transform(body: unknown, metadata: ArgumentMetadata) {
    return paymentNames.run(this.registry.paymentNames, () => super.transform(body, metadata));
  }
}
