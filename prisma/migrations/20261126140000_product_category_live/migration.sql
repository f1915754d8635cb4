-- A category's link to a product says whether the product is live, so that a storefront lists a category's live
-- products from an index (category, live, link order) instead of reading every linked product's row. Two triggers
-- keep it: a link takes the product's status when it is made (after a share lock on the product, so that it waits
-- for a status change in progress and reads its result), and a product whose status changes updates its links.
-- No semicolon may appear inside a statement or comment here (see the orders row counts migration), which is why
-- the function bodies write them as \073.
ALTER TABLE "product_categories" ADD COLUMN     "product_live" BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX "product_categories_category_id_product_live_created_at_prod_idx" ON "product_categories"("category_id", "product_live", "created_at", "product_id");

CREATE FUNCTION product_link_takes_status() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN SELECT p.status = ''live'' INTO NEW.product_live FROM products p WHERE p.id = NEW.product_id FOR SHARE\073 NEW.product_live := COALESCE(NEW.product_live, false)\073 RETURN NEW\073 END';

CREATE FUNCTION product_status_to_links() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN UPDATE product_categories SET product_live = (NEW.status = ''live'') WHERE product_id = NEW.id\073 RETURN NULL\073 END';

CREATE TRIGGER "product_categories_take_status" BEFORE INSERT OR UPDATE OF "product_id" ON "product_categories"
  FOR EACH ROW EXECUTE FUNCTION product_link_takes_status();
CREATE TRIGGER "products_status_to_links" AFTER UPDATE OF "status" ON "products"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION product_status_to_links();

UPDATE product_categories l SET product_live = true FROM products p WHERE p.id = l.product_id AND p.status = 'live';
