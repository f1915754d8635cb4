'use strict';
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
 * A published release of the seeded catalog, its rows written as the publisher writes them (contract of
 * `release_products` & co.): one hierarchy, one node per category, every product in its category's node, its
 * body with the USD price, `by_currency.USD` its display price, `main_image` its file object. The catalog is the
 * only published one, so every shopper's context resolves to it. Returns { releaseId, nodeId, productId }: the node
 * of the first category (300 products) and the first product.
 */
async function seedRelease(query) {
  const [{ catalog, release, hierarchy }] = await query(`SELECT gen_random_uuid()::text AS catalog, gen_random_uuid()::text AS release, gen_random_uuid()::text AS hierarchy`);
  const at = `timestamptz '2026-01-01 00:00:00+00'`;
  await query(`INSERT INTO catalogs (id, name, hierarchy_ids, first_published_at, created_at, updated_at) VALUES ($1::uuid, 'Bench catalog', ARRAY[$2::uuid], ${at}, ${at}, ${at})`, [catalog, hierarchy]);
  await query(
    `INSERT INTO catalog_releases (id, catalog_id, name, status, hierarchies, percent_completed, created_at, started_at, published_at, updated_at)
    VALUES ($1::uuid, $2::uuid, 'Bench catalog', 'PUBLISHED', jsonb_build_array(jsonb_build_object('id', $3::text, 'name', 'Bench')), 100, ${at}, ${at}, ${at}, ${at})`,
    [release, catalog, hierarchy],
  );
  await query(
    `INSERT INTO release_hierarchies (release_id, hierarchy_id, position, name, slug, body) VALUES ($1::uuid, $2::uuid, 0, 'Bench', 'bench',
      jsonb_build_object('id', $2::text, 'type', 'hierarchy', 'attributes', jsonb_build_object('name', 'Bench', 'slug', 'bench', 'description', '', 'published_at', '2026-01-01T00:00:00.000Z'),
        'relationships', jsonb_build_object('children', jsonb_build_object('links', jsonb_build_object('related', '/catalog/hierarchies/' || $2 || '/children')),
          'nodes', jsonb_build_object('links', jsonb_build_object('related', '/catalog/hierarchies/' || $2 || '/nodes')))))`,
    [release, hierarchy],
  );
  await query(
    `INSERT INTO release_nodes (release_id, node_id, hierarchy_id, position, name, slug, body)
    SELECT $1::uuid, c.id, $2::uuid, (row_number() OVER (ORDER BY c.slug))::int, c.name, c.slug,
      jsonb_build_object('id', c.id::text, 'type', 'node', 'attributes', jsonb_build_object('name', c.name, 'slug', c.slug, 'description', '', 'published_at', '2026-01-01T00:00:00.000Z'),
        'relationships', jsonb_build_object('products', jsonb_build_object('links', jsonb_build_object('related', '/catalog/nodes/' || c.id || '/relationships/products')),
          'children', jsonb_build_object('links', jsonb_build_object('related', '/catalog/nodes/' || c.id || '/relationships/children'))),
        'meta', jsonb_build_object('breadcrumbs', jsonb_build_array(jsonb_build_object('id', c.id::text, 'name', c.name, 'slug', c.slug)), 'has_children', false))
    FROM categories c`,
    [release, hierarchy],
  );
  await query(
    `INSERT INTO release_products (release_id, product_id, position, name, slug, sku, product_types, hierarchy_ids, body, by_currency, main_image)
    SELECT $1::uuid, p.id, (row_number() OVER (ORDER BY p.created_at, p.id))::int, p.name, p.slug, p.sku, ARRAY['standard'], ARRAY[$2::uuid],
      jsonb_build_object('id', p.id::text, 'type', 'product',
        'attributes', jsonb_build_object('name', p.name, 'slug', p.slug, 'sku', p.sku, 'description', p.description, 'status', 'live', 'commodity_type', 'physical',
          'price', jsonb_build_object('USD', jsonb_build_object('amount', 1000, 'includes_tax', true)), 'published_at', '2026-01-01T00:00:00.000Z',
          'created_at', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updated_at', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'relationships', jsonb_build_object('main_image', jsonb_build_object('data', jsonb_build_object('type', 'main_image', 'id', f.id::text)),
          'files', jsonb_build_object('data', '[]'::jsonb)),
        'meta', jsonb_build_object('catalog_id', $3::text, 'pricebook_id', null, 'catalog_source', 'pim', 'product_types', jsonb_build_array('standard'),
          'bread_crumbs', jsonb_build_object(pc.category_id::text, jsonb_build_array(pc.category_id::text)), 'bread_crumb_nodes', jsonb_build_array(pc.category_id::text))),
      jsonb_build_object('USD', jsonb_build_object('display_price', jsonb_build_object(
        'with_tax', jsonb_build_object('amount', 1000, 'currency', 'USD', 'formatted', '$10.00', 'float_price', 10),
        'without_tax', jsonb_build_object('amount', 1000, 'currency', 'USD', 'formatted', '$10.00', 'float_price', 10)))),
      jsonb_build_object('id', f.id::text, 'type', 'file', 'file_name', f.file_name, 'mime_type', f.mime_type, 'file_size', f.file_size, 'public', true,
        'link', jsonb_build_object('href', f.location), 'meta', jsonb_build_object('timestamps', jsonb_build_object('created_at', '2026-01-01T00:00:00.000Z')))
    FROM products p JOIN files f ON f.id = p.main_image_id JOIN product_categories pc ON pc.product_id = p.id`,
    [release, hierarchy, catalog],
  );
  await query(
    `INSERT INTO release_node_products (release_id, node_id, product_id, hierarchy_id, position)
    SELECT $1::uuid, pc.category_id, pc.product_id, $2::uuid, (row_number() OVER (PARTITION BY pc.category_id ORDER BY p.created_at, p.id))::int
    FROM product_categories pc JOIN products p ON p.id = pc.product_id`,
    [release, hierarchy],
  );
  const [node] = await query(`SELECT node_id::text AS id FROM release_node_products WHERE release_id = $1::uuid GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`, [release]);
  const [product] = await query(`SELECT product_id::text AS id FROM release_products WHERE release_id = $1::uuid ORDER BY position LIMIT 1`, [release]);
  return { releaseId: release, nodeId: node ? node.id : null, productId: product ? product.id : null };
}

/**
 * Everything the scenarios need, in one session. `opts`: { products, orders, authorizedOrders, keysetAt }.
 * Returns what the scenarios address: { categoryId, categoryProducts, firstCategoryProducts, authorized, keysetCreatedAt, keysetId, orderCount, ms }.
 */
async function seedAll(query, opts) {
  const t0 = Date.now();
  const out = { categoryId: null, categoryProducts: 0, firstCategoryProducts: 0, authorized: [], keysetCreatedAt: null, keysetId: null, orderCount: 0 };
  if (opts.products > 0) Object.assign(out, await seedCatalog(query, { products: opts.products }));
  if (opts.products > 0 && opts.release) out.release = await seedRelease(query);
  if (opts.authorizedOrders > 0) out.authorized = await seedAuthorizedOrders(query, { count: opts.authorizedOrders });
  if (opts.orders > 0) await seedOrders(query, { count: opts.orders });
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

module.exports = { seedAll, seedCatalog, seedRelease, seedOrders, seedAuthorizedOrders, nthOrderCreatedAt, nthOrderId };
