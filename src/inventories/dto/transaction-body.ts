import { ArgumentMetadata, Body, Injectable } from '@nestjs/common';
import { DataBodyPipe, declareDataBody } from '../../common/validation/data-body.pipe';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Brings the two other forms clients send into the documented one, `{"type":"stock-transaction","attributes":{…}}`:
 * - the SDK's `MultiLocationInventories` puts `type` inside `attributes`;
 * - the basic inventories (the SDK's `Inventories`) send `{"type","action","quantity"}` without `attributes`.
 * Anything else is validated as it came.
 */
export function documentedTransactionBody(body: unknown): unknown {
  if (!isObject(body) || !isObject(body.data)) return body;
  const data = body.data;
  if (isObject(data.attributes)) {
    if (data.type !== undefined || typeof data.attributes.type !== 'string') return body;
    const { type, ...attributes } = data.attributes;
    return { ...body, data: { ...data, type, attributes } };
  }
  if (data.attributes !== undefined || data.action === undefined) return body;
  const { type, action, quantity, location, product_id: productId } = data;
  return { ...body, data: { type, attributes: { action, quantity, ...(location !== undefined ? { location } : {}), ...(productId !== undefined ? { product_id: productId } : {}) } } };
}

@Injectable()
export class TransactionBodyPipe extends DataBodyPipe {
  transform(body: unknown, metadata: ArgumentMetadata) {
    return super.transform(documentedTransactionBody(body), metadata);
  }
}

/** `@DataBody()` for a stock transaction: the SDK's forms are read as the documented one. */
export const TransactionBody = (): ParameterDecorator => (target, key, index) => {
  const pipe = new TransactionBodyPipe();
  Body(pipe)(target, key, index);
  if (key === undefined) return;
  const dto = (Reflect.getMetadata('design:paramtypes', target, key) as Function[] | undefined)?.[index];
  if (dto) declareDataBody(target, key, { dto, optional: false, pipe });
};
