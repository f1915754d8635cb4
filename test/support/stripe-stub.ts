import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A minimal Stripe-shaped HTTP server on 127.0.0.1 for tests of the Stripe Payment Intents gateway: the
 * official `stripe` package talks to it through STRIPE_API_BASE. It keeps payment intents in memory and
 * implements only what the gateway uses:
 *   POST /v1/payment_intents, /v1/payment_intents/:id/confirm, /capture, /cancel, POST /v1/refunds.
 * Test payment methods: `pm_card_chargeDeclined` is declined on confirm (402 card_error); anything else
 * succeeds. `failNext(n)` answers the next n requests with 500.
 */
export interface StubPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  payment_method: string | null;
  status: string;
  metadata: Record<string, string>;
  refunded: number;
}

export interface StubRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  authorization?: string;
  idempotencyKey?: string;
  /** The connected account a call is made on behalf of (`Stripe-Account` header). */
  stripeAccount?: string;
}

export interface StripeStub {
  baseUrl: string;
  intents: Map<string, StubPaymentIntent>;
  requests: StubRequest[];
  failNext(count?: number): void;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (`metadata[order_id]=...`) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

function view(pi: StubPaymentIntent) {
  const { refunded: _refunded, ...rest } = pi;
  return rest;
}

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubPaymentIntent>();
  const requests: StubRequest[] = [];
  let failures = 0;
  let refundSeq = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = (req.url ?? '').split('?')[0];
    const params = parseForm(body);
    requests.push({
      method: req.method ?? '',
      path,
      params,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      stripeAccount: req.headers['stripe-account'] as string | undefined,
    });
    if (failures > 0) {
      failures--;
      return stripeError(res, 500, 'api_error', 'Stripe stub: simulated server error');
    }
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (req.method !== 'POST') return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);

    if (path === '/v1/payment_intents') {
      const id = `pi_stub_${randomBytes(8).toString('hex')}`;
      const pi: StubPaymentIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.amount),
        amount_received: 0,
        currency: String(params.currency),
        capture_method: params.capture_method === 'manual' ? 'manual' : 'automatic',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        payment_method: (params.payment_method as string) ?? null,
        status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        metadata: (params.metadata as Record<string, string>) ?? {},
        refunded: 0,
      };
      if (!Number.isInteger(pi.amount) || pi.amount < 1) return stripeError(res, 400, 'invalid_request_error', 'Invalid amount', 'parameter_invalid_integer');
      intents.set(id, pi);
      return send(res, 200, view(pi));
    }

    const action = /^\/v1\/payment_intents\/([^/]+)\/(confirm|capture|cancel)$/.exec(path);
    if (action) {
      const pi = intents.get(action[1]);
      if (!pi) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${action[1]}'`, 'resource_missing');
      if (action[2] === 'confirm') {
        if (params.payment_method) pi.payment_method = String(params.payment_method);
        if (!['requires_confirmation', 'requires_payment_method', 'requires_action'].includes(pi.status)) {
          return stripeError(res, 400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}, so it cannot be confirmed.`, 'payment_intent_unexpected_state');
        }
        if (!pi.payment_method) return stripeError(res, 400, 'invalid_request_error', 'You must provide a payment method to confirm this PaymentIntent.');
        if (pi.payment_method === 'pm_card_chargeDeclined') {
          pi.status = 'requires_payment_method';
          return stripeError(res, 402, 'card_error', 'Your card was declined.', 'card_declined');
        }
        pi.status = pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
        if (pi.status === 'succeeded') pi.amount_received = pi.amount;
        return send(res, 200, view(pi));
      }
      if (action[2] === 'capture') {
        if (pi.status !== 'requires_capture') {
          return stripeError(res, 400, 'invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
        }
        pi.status = 'succeeded';
        pi.amount_received = pi.amount;
        return send(res, 200, view(pi));
      }
      if (['succeeded', 'canceled'].includes(pi.status)) {
        return stripeError(res, 400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
      }
      pi.status = 'canceled';
      return send(res, 200, view(pi));
    }

    if (path === '/v1/refunds') {
      const pi = intents.get(String(params.payment_intent));
      if (!pi) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${params.payment_intent}'`, 'resource_missing');
      const amount = params.amount === undefined ? pi.amount_received - pi.refunded : Number(params.amount);
      if (pi.status !== 'succeeded') return stripeError(res, 400, 'invalid_request_error', `This PaymentIntent has a status of ${pi.status} and cannot be refunded.`);
      if (amount > pi.amount_received - pi.refunded) {
        return stripeError(res, 400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount_received - pi.refunded})`, 'amount_too_large');
      }
      pi.refunded += amount;
      return send(res, 200, { id: `re_stub_${++refundSeq}`, object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, status: 'succeeded' });
    }

    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (POST: ${path})`);
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    intents,
    requests,
    failNext(count = 1) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
