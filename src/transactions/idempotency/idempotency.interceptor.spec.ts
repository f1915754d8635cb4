import { routeScope } from './idempotency.interceptor';

describe('routeScope', () => {
  const id = '0b6f7e8c-1d2e-4f3a-9b4c-5d6e7f8a9b0c';

  it('names the route pattern with lower-cased ids, whatever the spelling of the path', () => {
    const route = { path: '/v2/orders/:orderId/transactions/:transactionId/capture' };
    const params = { orderId: id.toUpperCase(), transactionId: id };
    expect(routeScope({ method: 'POST', path: `/v2/ORDERS/${id.toUpperCase()}/transactions/${id}/Capture/`, params, route })).toBe(
      `POST /v2/orders/${id}/transactions/${id}/capture`,
    );
  });

  it('keeps a value that is not a UUID as it is', () => {
    expect(routeScope({ method: 'POST', path: '/v2/orders/x/payments', params: { orderId: 'Ref-1' }, route: { path: '/v2/orders/:orderId/payments' } })).toBe(
      'POST /v2/orders/Ref-1/payments',
    );
  });

  it('without a matched route, folds the case and the trailing slash of the path', () => {
    expect(routeScope({ method: 'POST', path: `/v2/Orders/${id.toUpperCase()}/payments/`, params: {} })).toBe(`POST /v2/orders/${id}/payments`);
  });
});
