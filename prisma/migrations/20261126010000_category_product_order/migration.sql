-- A category's products in the order they were linked, read from the index alone (no sort, and no table
-- rows once the table is vacuumed): every category written with its `relationships.products`.
DROP INDEX "product_categories_category_id_created_at_idx";

CREATE INDEX "product_categories_category_id_created_at_product_id_idx" ON "product_categories"("category_id", "created_at", "product_id");
