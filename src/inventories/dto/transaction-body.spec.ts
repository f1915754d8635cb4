import { documentedTransactionBody } from './transaction-body';

describe('documentedTransactionBody: the forms clients send, read as the documented one', () => {
  const documented = { data: { type: 'stock-transaction', attributes: { action: 'allocate', quantity: 2 } } };

  it('leaves the documented body as it is', () => {
    expect(documentedTransactionBody(documented)).toEqual(documented);
  });

  it("moves the SDK's MultiLocationInventories `attributes.type` to `data.type`", () => {
    const sdk = { data: { attributes: { type: 'stock-transaction', action: 'allocate', quantity: 2, product_id: 'p', location: 'york' } } };
    expect(documentedTransactionBody(sdk)).toEqual({ data: { type: 'stock-transaction', attributes: { action: 'allocate', quantity: 2, product_id: 'p', location: 'york' } } });
  });

  it("wraps the basic inventories' flat body in `attributes`", () => {
    expect(documentedTransactionBody({ data: { type: 'stock-transaction', action: 'allocate', quantity: 2 } })).toEqual(documented);
  });

  it('passes anything else on unchanged, for the validator to refuse', () => {
    for (const body of [null, 'x', { data: [] }, { data: { type: 'stock', attributes: 'x' } }, { data: { quantity: 1 } }]) {
      expect(documentedTransactionBody(body)).toEqual(body);
    }
  });
});
