'use strict';
const { seedPublishCatalog } = require('./seed-publish');
// Seeding SQL shared by PostgreSQL and PGlite: every function takes `query(sql, params) → Promise<rows>`.
// Rows go straight into the tables (INSERT ... SELECT FROM generate_series), in the states the service
// itself produces (see the comments), so the HTTP benchmark starts from a realistic database in seconds.
// Ids are uuids from gen_random_uuid(); `updated_at` has no database default (Prisma @updatedAt), so it is set.

const CUSTOMER = `jsonb_build_object('name', 'Bench Customer ' || g, 'email', 'bench' || g || '@example.com')`;
const ADDRESS = `'{"first_name":"Ron","last_name":"Swanson","line_1":"1 Sunny Street","line_2":"","city":"Pawnee","postcode":"12345","county":"Indiana","country":"US"}'::jsonb`;

/** The products listed 301st to 600th (oldest first, the default order) share the first category. */
const FIRST_CATEGORY = { from: 301, to: 600 };

/**
 * Catalog: 100 files, `products` live products (each with a main image and one category) and
 * ceil(products / 100) categories. The products listed 301st to 600th share the first category, so the page at
 * offset 300 includes one category of 300 products (~50 KB); the others go round the remaining categories
 * (~100 products each), so the first page includes 25 categories (~190 KB).
 * Returns the size of the first category and the category closest to 100 products (scenario 3).
 */
async function seedCatalog(query, { products }) {
  await query(`INSERT INTO files (id, file_name, mime_type, file_size, location, created_at, updated_at)
    SELECT gen_random_uuid(), 'img' || g || '.png', 'image/png', 1000, 'http://127.0.0.1/img' || g || '.png', now(), now()
    FROM generate_series(1, 100) g`);
  await query(
    `WITH f AS (SELECT id, (row_number() OVER (ORDER BY file_name))::int - 1 AS rn FROM files)
    INSERT INTO products (id, name, slug, sku, description, price, status, main_image_id, created_at, updated_at)
    SELECT gen_random_uuid(), 'Product ' || g, 'product-' || g, 'SKU-' || g, 'A benchmark product',
      '[{"amount":1000,"currency":"USD","includes_tax":true}]'::jsonb, 'live', f.id,
      now() - g * interval '1 second', now()
    FROM generate_series(1, $1::int) g JOIN f ON f.rn = g % 100`,
    [products],
  );
  const categories = Math.max(1, Math.ceil(products / 100));
  await query(
    `INSERT INTO categories (id, name, slug, description, status, created_at, updated_at)
    SELECT gen_random_uuid(), 'Category ' || g, 'category-' || g, '', 'live', now(), now() FROM generate_series(1, $1::int) g`,
    [categories],
  );
  // p.rn: 1 = the oldest product, listed first; c.rn: 1 = category-1.
  await query(
    `INSERT INTO product_categories (product_id, category_id, created_at)
    SELECT p.id, c.id, now()
    FROM (SELECT id, (row_number() OVER (ORDER BY created_at, id))::int AS rn FROM products) p
    JOIN (SELECT id, (row_number() OVER (ORDER BY slug))::int AS rn, count(*) OVER ()::int AS n FROM categories) c
      ON c.rn = CASE WHEN p.rn BETWEEN $1::int AND $2::int OR c.n = 1 THEN 1 ELSE 2 + p.rn % (c.n - 1) END`,
    [FIRST_CATEGORY.from, FIRST_CATEGORY.to],
  );
  const counts = `SELECT category_id::text AS id, count(*)::int AS n FROM product_categories GROUP BY 1`;
  const [first] = await query(`${counts} ORDER BY 2 DESC, 1 LIMIT 1`);
  const [hundred] = await query(`${counts} ORDER BY abs(count(*) - 100), 1 LIMIT 1`);
  return {
    firstCategoryProducts: first ? first.n : 0,
    categoryId: hundred ? hundred.id : null,
    categoryProducts: hundred ? hundred.n : 0,
  };
}

/**
 * Orders for the deep-page scenario: `count` complete, paid, fulfilled orders of one item each (as checkout,
 * payment and fulfilment leave them), one second apart from 2025-01-01 so every created_at is distinct.
 */
async function seedOrders(query, { count }) {
  await query(
    `WITH o AS (
      INSERT INTO orders (id, status, payment, shipping, currency, customer, billing_address, shipping_address,
        customer_name, customer_email, with_tax, without_tax, tax, authorized_amount, paid_amount, refunded_amount,
        created_at, updated_at)
      SELECT gen_random_uuid(), 'complete', 'paid', 'fulfilled', 'USD', ${CUSTOMER}, ${ADDRESS}, ${ADDRESS},
        'Bench Customer ' || g, 'bench' || g || '@example.com', 1000, 1000, 0, 0, 1000, 0,
        timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second', timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second'
      FROM generate_series(1, $1::int) g
      RETURNING id, created_at)
    INSERT INTO order_items (id, order_id, product_id, name, sku, quantity, unit_amount, currency, includes_tax, created_at, updated_at)
    SELECT gen_random_uuid(), o.id, gen_random_uuid(), 'Bench item', 'BENCH-ITEM', 1, 1000, 'USD', true, o.created_at, o.created_at FROM o`,
    [count],
  );
}

/**
 * `count` orders each with one complete `authorize` transaction, exactly what
 * `POST /v2/orders/:id/payments {gateway: manual, method: authorize}` leaves: the transaction
 * (gateway 'manual', reference 'manual', amount = order total, transaction_type 'authorize', status 'complete')
 * and the order (payment 'authorized', status 'processing', authorized_amount = with_tax). Created in 2024, so
 * before the deep-page orders. Returns [{ orderId, transactionId }] oldest first.
 */
async function seedAuthorizedOrders(query, { count }) {
  await query(
    `WITH o AS (
      INSERT INTO orders (id, status, payment, shipping, currency, customer, billing_address, shipping_address,
        customer_name, customer_email, with_tax, without_tax, tax, authorized_amount, paid_amount, refunded_amount,
        created_at, updated_at)
      SELECT gen_random_uuid(), 'processing', 'authorized', 'unfulfilled', 'USD', ${CUSTOMER}, ${ADDRESS}, ${ADDRESS},
        'Bench Customer ' || g, 'bench-capture-' || g || '@example.com', 4000, 4000, 0, 4000, 0, 0,
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second'
      FROM generate_series(1, $1::int) g
      RETURNING id, created_at, with_tax),
    i AS (
      INSERT INTO order_items (id, order_id, product_id, name, sku, quantity, unit_amount, currency, includes_tax, created_at, updated_at)
      SELECT gen_random_uuid(), o.id, gen_random_uuid(), 'Bench item', 'BENCH-ITEM', 2, 2000, 'USD', true, o.created_at, o.created_at FROM o)
    INSERT INTO transactions (id, order_id, gateway, reference, amount, currency, transaction_type, status, created_at, updated_at)
    SELECT gen_random_uuid(), o.id, 'manual', 'manual', o.with_tax, 'USD', 'authorize', 'complete', o.created_at, o.created_at FROM o`,
    [count],
  );
  const rows = await query(`SELECT o.id::text AS order_id, t.id::text AS transaction_id
    FROM orders o JOIN transactions t ON t.order_id = o.id
    WHERE o.customer_email LIKE 'bench-capture-%' AND t.transaction_type = 'authorize' AND t.status = 'complete'
    ORDER BY o.created_at`);
  return rows.map((r) => ({ orderId: r.order_id, transactionId: r.transaction_id }));
}

/** created_at (ISO 8601, UTC, milliseconds) of the n-th order (1-based) in created_at, id order, or null. */
async function nthOrderCreatedAt(query, n) {
  const [row] = await query(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM orders ORDER BY created_at, id OFFSET $1::int LIMIT 1`,
    [n - 1],
  );
  return row ? row.at : null;
}

/** id (text) of the n-th order (1-based) in id order, as `sort=id` lists them, or null. */
async function nthOrderId(query, n) {
  const [row] = await query('SELECT id::text AS id FROM orders ORDER BY id OFFSET $1::int LIMIT 1', [n - 1]);
  return row ? row.id : null;
}

/**
 * Everything the scenarios need, in one session. `opts`: { products, orders, authorizedOrders, keysetAt }.
 * Returns what the scenarios address: { categoryId, categoryProducts, firstCategoryProducts, authorized, keysetCreatedAt, keysetId, orderCount, ms }.
 */
async function seedAll(query, opts) {
  const t0 = Date.now();
  const out = { categoryId: null, categoryProducts: 0, firstCategoryProducts: 0, authorized: [], keysetCreatedAt: null, keysetId: null, orderCount: 0 };
  if (opts.products > 0) Object.assign(out, await seedCatalog(query, { products: opts.products }));
  if (opts.authorizedOrders > 0) out.authorized = await seedAuthorizedOrders(query, { count: opts.authorizedOrders });
  if (opts.orders > 0) await seedOrders(query, { count: opts.orders });
  if (opts.publishProducts > 0) Object.assign(out, await seedPublishCatalog(query, { products: opts.publishProducts }));
  // What autovacuum does to freshly loaded tables within a minute or so (statistics, and the visibility map
  // that lets index-only scans skip the table), done now so that every run starts from that state.
  await query('VACUUM ANALYZE');
  // And written out: otherwise PostgreSQL's next checkpoint writes the ~150 MB just loaded while the first
  // scenarios run, at a moment that varies from run to run. A database loaded hours ago has long checkpointed.
  await query('CHECKPOINT');
  out.orderCount = (await query('SELECT count(*)::int AS n FROM orders'))[0].n;
  if (opts.keysetAt > 0) {
    out.keysetCreatedAt = await nthOrderCreatedAt(query, Math.min(opts.keysetAt, out.orderCount));
    out.keysetId = await nthOrderId(query, Math.min(opts.keysetAt, out.orderCount));
  }
  out.ms = Date.now() - t0;
  return out;
}

module.exports = { seedAll, seedCatalog, seedOrders, seedAuthorizedOrders, nthOrderCreatedAt, nthOrderId };
