'use strict';
// Seeding for the catalog publish scenario (see seed.js for the conventions): a PXM catalog of `products` live
// products in a hierarchy of 50 nodes on three levels (2 top nodes, 4 under each, 5 under each of those), each
// product in one of the 40 leaves with a main image and a USD + EUR price in one price book, and a catalog of it.

async function seedPublishCatalog(query, { products }) {
  const [hierarchy] = await query(`INSERT INTO pxm_hierarchies (id, name, slug, created_at, updated_at)
    VALUES (gen_random_uuid(), 'Bench hierarchy', 'bench-hierarchy', now(), now()) RETURNING id::text AS id`);
  await query(
    `INSERT INTO pxm_nodes (id, hierarchy_id, parent_id, name, slug, created_at, updated_at)
    SELECT gen_random_uuid(), $1::uuid, NULL, 'Top ' || g, 'top-' || g, now(), now() FROM generate_series(1, 2) g`,
    [hierarchy.id],
  );
  await query(
    `INSERT INTO pxm_nodes (id, hierarchy_id, parent_id, name, slug, created_at, updated_at)
    SELECT gen_random_uuid(), $1::uuid, t.id, t.name || ' / Mid ' || g, t.slug || '-mid-' || g, now(), now()
    FROM pxm_nodes t, generate_series(1, 4) g WHERE t.hierarchy_id = $1::uuid AND t.parent_id IS NULL`,
    [hierarchy.id],
  );
  await query(
    `INSERT INTO pxm_nodes (id, hierarchy_id, parent_id, name, slug, created_at, updated_at)
    SELECT gen_random_uuid(), $1::uuid, m.id, m.name || ' / Leaf ' || g, m.slug || '-leaf-' || g, now(), now()
    FROM pxm_nodes m JOIN pxm_nodes t ON t.id = m.parent_id AND t.parent_id IS NULL, generate_series(1, 5) g
    WHERE m.hierarchy_id = $1::uuid`,
    [hierarchy.id],
  );
  await query(`INSERT INTO files (id, file_name, mime_type, file_size, location, created_at, updated_at)
    SELECT gen_random_uuid(), 'pub' || g || '.png', 'image/png', 1000, 'http://127.0.0.1/pub' || g || '.png', now(), now()
    FROM generate_series(1, 10) g`);
  await query(
    `WITH f AS (SELECT id, (row_number() OVER (ORDER BY file_name))::int - 1 AS rn FROM files WHERE file_name LIKE 'pub%')
    INSERT INTO pxm_products (id, name, description, slug, sku, status, main_image_id, created_at, updated_at)
    SELECT gen_random_uuid(), 'Published product ' || g, 'A benchmark product', 'pub-' || g, 'PUB-' || g, 'live', f.id,
      now() - g * interval '1 millisecond', now()
    FROM generate_series(1, $1::int) g JOIN f ON f.rn = g % 10`,
    [products],
  );
  await query(
    `WITH leaf AS (
      SELECT n.id, (row_number() OVER (ORDER BY n.slug))::int - 1 AS rn FROM pxm_nodes n
      WHERE n.hierarchy_id = $1::uuid AND NOT EXISTS (SELECT 1 FROM pxm_nodes c WHERE c.parent_id = n.id) AND n.parent_id IS NOT NULL
    ),
    p AS (SELECT id, (row_number() OVER (ORDER BY created_at, id))::int AS rn FROM pxm_products WHERE sku LIKE 'PUB-%')
    INSERT INTO pxm_node_products (node_id, product_id, created_at)
    SELECT leaf.id, p.id, now() FROM p JOIN leaf ON leaf.rn = p.rn % 40`,
    [hierarchy.id],
  );
  const [book] = await query(`INSERT INTO price_books (id, name, created_at, updated_at)
    VALUES (gen_random_uuid(), 'Bench publish book', now(), now()) RETURNING id::text AS id`);
  await query(
    `INSERT INTO price_book_prices (id, price_book_id, sku, currencies, created_at, updated_at)
    SELECT gen_random_uuid(), $1::uuid, sku,
      jsonb_build_object('USD', jsonb_build_object('amount', 1000 + length(sku), 'includes_tax', false),
                         'EUR', jsonb_build_object('amount', 900 + length(sku), 'includes_tax', true)), now(), now()
    FROM pxm_products WHERE sku LIKE 'PUB-%'`,
    [book.id],
  );
  const [catalog] = await query(
    `INSERT INTO catalogs (id, name, hierarchy_ids, pricebook_id, created_at, updated_at)
    VALUES (gen_random_uuid(), 'Bench catalog', ARRAY[$1::uuid], $2::uuid, now(), now()) RETURNING id::text AS id`,
    [hierarchy.id, book.id],
  );
  return { publishCatalogId: catalog.id };
}

module.exports = { seedPublishCatalog };
