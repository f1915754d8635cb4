import { randomUUID } from 'node:crypto';
import type { SerializedPage } from '../../src/common/http/response-document';
import { ORDERS_SPEC, OrdersRepository } from '../../src/orders/orders.repository';
import { TransactionsRepository } from '../../src/transactions/transactions.repository';
import type { ListFieldSpec } from '../../src/common/list-query';
import { GENERATED_CASES_TIMEOUT_MS, groupsOf } from '../support/product-list-cases';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * An orders page the database writes as JSON text (OrdersRepository.serializedPage, from order.wire.ts) is byte
 * for byte the page the presenters and the items include build from rows: over filters, sorts, pages, the items
 * include, an admin's and a shopper's token, empty results, and rows holding what JSON and amounts make hard. The
 * same for an order's transactions (TransactionsRepository.serializedPageForOrder, from transaction.wire.ts).
 */

class SwitchableOrdersRepository extends OrdersRepository {
  serialize = true;
  serializedCount = 0;

  override async serializedPage(...args: Parameters<OrdersRepository['serializedPage']>): Promise<SerializedPage | null> {
    if (!this.serialize) return null;
    const page = await super.serializedPage(...args);
    if (page) this.serializedCount++;
    return page;
  }
}

class SwitchableTransactionsRepository extends TransactionsRepository {
  serialize = true;
  serializedCount = 0;

  override async serializedPageForOrder(...args: Parameters<TransactionsRepository['serializedPageForOrder']>): Promise<SerializedPage | null> {
    if (!this.serialize) return null;
    this.serializedCount++;
    return super.serializedPageForOrder(...args);
  }
}

/** Filters only Prisma translates (an order's items): such a page is built from rows. */
const PRISMA_ONLY = /product_id|product_sku|account_member_id/;

const HARD_TEXT = ['plain', 'quote " and \\ backslash', 'tab\tnew\nline\r', 'control \u0001\u001f\u007f', 'line sep \u2028 para \u2029', 'emoji 🧺 ünï', '</script>', ''];
/** Customer and address documents as jsonb holds them: its own key order, numbers as written, nesting, nulls. */
const DOCUMENTS = [
  `{"name": "Ron", "email": "ron@example.com", "id": "CUSTOMER"}`,
  `{"first_name": "Leslie", "last_name": "Knope", "line_1": "1 Main", "postcode": "47401", "country": "US", "n": 1.50, "big": 1e3, "tiny": 0.000001}`,
  `{"name": ${JSON.stringify(HARD_TEXT.join(' | '))}, "nested": {"a": [1, "two", null, true, {"b": []}]}, "empty": {}, "none": null}`,
  `{}`,
  `{"numbers": [1, 2.0, -0, 12345678901234567890, -1.5e-7], "postcode": "SW1A 1AA"}`,
];
const CURRENCIES = ['USD', 'JPY', 'KWD', 'usd', 'ZZZ', 'EUR'];

describe('orders: database-written pages are the pages the presenters build', () => {
  let t: TestApp;
  let repository: SwitchableOrdersRepository;
  let shopper: Record<string, string>;
  let orderIds: string[];
  let transactions: SwitchableTransactionsRepository;
  let shopperId: string;

  beforeAll(async () => {
    t = await createTestApp({
      override: (b) => b.overrideProvider(OrdersRepository).useClass(SwitchableOrdersRepository).overrideProvider(TransactionsRepository).useClass(SwitchableTransactionsRepository),
    });
    repository = t.app.get(OrdersRepository);
    transactions = t.app.get(TransactionsRepository);
    const customer = await t.http.post('/v2/customers').set(t.admin).send({ data: { type: 'customer', name: 'Ron', email: 'ron@example.com', password: 'mustache-1234' } });
    shopperId = customer.body.data.id;
    orderIds = await seed(t, shopperId);
    const signIn = await t.http
      .post('/v2/customers/tokens')
      .set(t.storefront)
      .send({ data: { type: 'token', authentication_mechanism: 'password', email: 'ron@example.com', password: 'mustache-1234' } });
    shopper = { ...t.storefront, 'X-Moltin-Customer-Token': signIn.body.data.token };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `path` asked of the statement and then of the rows: both answers, and whether the statement answered. */
  async function bothWays(switchable: { serialize: boolean; serializedCount: number }, path: string, auth: Record<string, string>) {
    const before = switchable.serializedCount;
    const a = await t.http.get(path).set(auth);
    const serializedUsed = switchable.serializedCount > before;
    switchable.serialize = false;
    const b = await t.http.get(path).set(auth);
    switchable.serialize = true;
    return { a, b, serializedUsed };
  }

  /** `minShareWithData`: the comparison means something only if enough pages show orders. */
  async function expectSameBytes(queries: string[], minShareWithData: number) {
    const differences: { path: string; serialized: string; presented: string }[] = [];
    let withData = 0;
    for (const auth of [t.admin, shopper]) {
      for (const query of queries) {
        const path = `/v2/orders?${query}`;
        const { a, b, serializedUsed } = await bothWays(repository, path, auth);
        const expected = a.status === 200 && !PRISMA_ONLY.test(decodeURIComponent(query));
        expect({ path, status: a.status, serializedUsed }).toEqual({ path, status: b.status, serializedUsed: expected });
        if (a.text !== b.text) differences.push({ path, serialized: a.text, presented: b.text });
        if (a.status === 200 && JSON.parse(a.text).data.length > 0) withData++;
      }
    }
    expect(differences.slice(0, 3)).toEqual([]);
    expect(withData).toBeGreaterThanOrEqual(Math.ceil(queries.length * 2 * minShareWithData));
  }

  const INCLUDES = ['', 'items', 'items,items', 'item'];

  it('with and without items, over pages that walk the whole list', async () => {
    const queries = INCLUDES.flatMap((include) =>
      [['3', '0'], ['7', '5'], ['100', '0'], ['5', '40'], ['25', '1000']].map(([limit, offset]) => `page[limit]=${limit}&page[offset]=${offset}${include ? `&include=${include}` : ''}`),
    );
    await expectSameBytes(queries, 0.5);
  }, GENERATED_CASES_TIMEOUT_MS);

  it('every sort, both ways, with and without items', async () => {
    const sortable = Object.entries(ORDERS_SPEC.fields).filter(([, f]) => f.sortable).map(([name]) => name);
    const queries = sortable.flatMap((field, i) => [`sort=${field}`, `sort=-${field}`].map((sort) => `${sort}&page[limit]=9&page[offset]=${i % 3}&include=${INCLUDES[i % 2]}`));
    await expectSameBytes(queries, 0.45);
  }, GENERATED_CASES_TIMEOUT_MS);

  it('filters on every field and operator, alone and grouped, with and without items', async () => {
    const clauses = orderClauses(orderIds);
    const onThisData = [
      'eq(status,complete)', 'in(payment,paid,authorized)', 'eq(currency,JPY)', 'like(email,*@example.com)', 'like(name,*emoji*)',
      'gt(with_tax,1000000)', 'le(without_tax,0)', 'ge(created_at,2025-01-01T00:00:20.000Z)', 'lt(updated_at,2025-01-01T00:00:30.000Z)',
      'eq(customer_id,CUSTOMER)', 'like(shipping_postcode,474*)', '(eq(status,complete)|eq(shipping,fulfilled)):eq(currency,USD)',
    ];
    const filters = [...onThisData, ...clauses, ...groupsOf([...onThisData, ...clauses], 20)];
    const queries = filters.map((filter, i) => `filter=${encodeURIComponent(filter)}&page[limit]=20&include=${INCLUDES[i % 2]}`);
    await expectSameBytes(queries, 0.05);
  }, GENERATED_CASES_TIMEOUT_MS);

  it("an order's transactions, over pages, for an administrator and for the order's shopper", async () => {
    const differences: { path: string; serialized: string; presented: string }[] = [];
    const withTransactions = await t.prisma.order.findMany({ where: { transactions: { some: {} } }, select: { id: true, customerId: true } });
    const ownerOf = (id: string) => withTransactions.find((o) => o.id === id)?.customerId;
    const pages = ['', '?page[limit]=2', '?page[limit]=3&page[offset]=2', '?page[offset]=100'];
    let shown = 0;
    for (const orderId of [...withTransactions.map((o) => o.id), orderIds[0], randomUUID()]) {
      const auths = ownerOf(orderId) === shopperId ? [t.admin, shopper] : [t.admin];
      for (const auth of auths) {
        for (const q of pages) {
          const path = `/v2/orders/${orderId}/transactions${q}`;
          const { a, b, serializedUsed } = await bothWays(transactions, path, auth);
          expect({ path, status: a.status, serializedUsed }).toEqual({ path, status: b.status, serializedUsed: a.status === 200 });
          if (a.text !== b.text) differences.push({ path, serialized: a.text, presented: b.text });
          if (a.status === 200) shown += JSON.parse(a.text).data.length;
        }
      }
    }
    expect(differences.slice(0, 3)).toEqual([]);
    expect(withTransactions.length).toBeGreaterThanOrEqual(8);
    expect(shown).toBeGreaterThan(40);
  }, GENERATED_CASES_TIMEOUT_MS);
});

/** Rows written directly: what checkout and payments write, and what other tools may have written. */
async function seed(t: TestApp, customerId: string): Promise<string[]> {
  const at = (i: number) => new Date(Date.parse('2025-01-01T00:00:00.000Z') + i * 997);
  const account = await t.prisma.account.create({ data: { name: 'Acme' } });
  const orders = Array.from({ length: 40 }, (_, i) => {
    const withTax = [0, 1000, 2_000_000_000, 123456789, 5, 99999][i % 6];
    return {
      id: randomUUID(),
      status: ['incomplete', 'processing', 'complete', 'cancelled'][i % 4],
      payment: ['unpaid', 'authorized', 'paid', 'refunded', 'partially_paid'][i % 5],
      shipping: i % 3 ? 'unfulfilled' : 'fulfilled',
      currency: CURRENCIES[i % CURRENCIES.length],
      customerName: HARD_TEXT[i % HARD_TEXT.length],
      customerEmail: i % 4 ? `shopper${i}@example.com` : 'ron@example.com',
      withTax,
      withoutTax: i % 7 ? withTax - 1 : 0,
      tax: i % 2,
      // Past the total now and then: the balance owed is never below 0.
      authorizedAmount: i % 5 === 1 ? withTax + 10 : 0,
      paidAmount: i % 5 === 2 ? withTax : i % 5 === 4 ? Math.floor(withTax / 3) : 0,
      refundedAmount: i % 5 === 3 ? withTax : 0,
      accountId: i % 6 === 5 ? account.id : null,
      // Runs of equal timestamps: the id decides their order.
      createdAt: at(Math.floor(i / 3)),
      updatedAt: at(40 - Math.floor(i / 2)),
    };
  });
  await t.prisma.order.createMany({ data: orders.map((o) => ({ ...o, customer: {}, billingAddress: {}, shippingAddress: {} })) });
  // The documents as jsonb text, so that they keep what a JavaScript value would not (1.50, 1e3, key order).
  for (const [i, o] of orders.entries()) {
    const customer = i % 4 ? DOCUMENTS[i % DOCUMENTS.length] : `{"id": ${JSON.stringify(customerId)}, "name": "Ron", "email": "ron@example.com"}`;
    await t.prisma.$executeRaw`UPDATE orders SET customer = ${customer}::jsonb, billing_address = ${DOCUMENTS[(i + 1) % DOCUMENTS.length]}::jsonb,
      shipping_address = ${DOCUMENTS[(i + 2) % DOCUMENTS.length]}::jsonb WHERE id = ${o.id}::uuid`;
  }
  await t.prisma.orderItem.createMany({
    data: orders.flatMap((o, i) =>
      Array.from({ length: i % 4 }, (_, n) => ({
        id: randomUUID(),
        orderId: o.id,
        productId: n % 2 ? null : randomUUID(),
        cartItemId: n === 1 ? randomUUID() : null,
        name: HARD_TEXT[(i + n) % HARD_TEXT.length],
        sku: `SKU-${i}-${n}`,
        quantity: [1, 3, 1000][n % 3],
        unitAmount: [2_000_000_000, 1, 0, 2147483647][(i + n) % 4],
        currency: o.currency,
        includesTax: (i + n) % 3 !== 0,
        // Lines of one order share a timestamp now and then.
        createdAt: at(i + (n > 1 ? 1 : 0)),
        updatedAt: at(i + n),
      })),
    ),
  });
  await t.prisma.transaction.createMany({
    data: orders.flatMap((o, i) =>
      Array.from({ length: i % 3 === 0 ? (i % 7) + 1 : 0 }, (_, n) => ({
        id: randomUUID(),
        orderId: o.id,
        gateway: ['manual', 'stripe_payment_intents', 'elastic_path_payments_stripe'][n % 3],
        reference: n % 2 ? `pi_${i}_${n}` : 'manual',
        customReference: [null, '', HARD_TEXT[(i + n) % HARD_TEXT.length]][n % 3],
        name: [null, HARD_TEXT[n % HARD_TEXT.length], ''][(i + n) % 3],
        amount: [o.withTax, 1, 2147483647, 0][n % 4],
        refundedAmount: n % 4 === 2 ? 5 : 0,
        refundMechanism: [null, '', 'refund', 'credit_note'][n % 4],
        currency: o.currency,
        transactionType: ['authorize', 'capture', 'purchase', 'refund'][n % 4],
        status: ['complete', 'pending', 'failed'][n % 3],
        paymentIntentId: n % 2 ? `pi_${i}_${n}` : null,
        clientSecret: n % 2 ? `pi_${i}_${n}_secret` : null,
        // Transactions of one order share a timestamp now and then: the id decides their order.
        createdAt: at(i + Math.floor(n / 2)),
        updatedAt: at(i + n),
      })),
    ),
  });
  return orders.map((o) => o.id).sort();
}

/** Operands by field type: stored values, values between and beyond them, and text filters find hard. */
function operands(type: ListFieldSpec['type'], ids: string[]): string[] {
  switch (type) {
    case 'string':
      return ['complete', 'JPY', 'ron@example.com', '"quote \\" and \\\\ backslash"', 'CUSTOMER', '47401', 'NOTHING'];
    case 'uuid':
      return [ids[0], ids[Math.floor(ids.length / 2)].toUpperCase(), randomUUID()];
    case 'integer':
      return ['0', '1000', '2000000000', '-1', '123456789'];
    case 'boolean':
      return ['true'];
    case 'datetime':
      return ['2025-01-01T00:00:05.982Z', '2025-01-01', '2025-01-01T00:00:20.000+00:00'];
  }
}

/** One clause per orders field × allowed operator × a few operands. */
function orderClauses(ids: string[]): string[] {
  const like = ['*example*', '*@*', '"*\\\\*"', '*', 'r*', 'nothing*', '*_*'];
  return Object.entries(ORDERS_SPEC.fields).flatMap(([field, spec]) =>
    (spec.ops ?? []).flatMap((op) => {
      const values = operands(spec.type, ids);
      if (op === 'like') return like.map((v) => `like(${field},${v})`);
      if (op === 'in') return [`in(${field},${values.slice(0, 3).join(',')})`, `in(${field},${values[values.length - 1]})`];
      if (op === 'is_null') return [`is_null(${field})`];
      return values.map((v) => `${op}(${field},${v})`);
    }),
  );
}
