-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "stock_allocated" BOOLEAN NOT NULL DEFAULT false;

-- A checkout or a cancel changes a product's stock level and nothing else: such an update NOTIFYs
-- `product:<id>`, so each replica drops only the cached responses that show that product (its page, the
-- list pages and includes it appears in). Any other change to a product still drops every cached response.
-- No semicolon may appear inside a statement or comment here (see the catalog_change_notify migration).
CREATE FUNCTION notify_product_changed() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN IF to_jsonb(NEW) - \'stock_level\' = to_jsonb(OLD) - \'stock_level\' THEN PERFORM pg_notify(\'commerce_catalog\', \'product:\' || NEW.id::text)\073 ELSE PERFORM pg_notify(\'commerce_catalog\', \'\')\073 END IF\073 RETURN NULL\073 END';

DROP TRIGGER products_catalog_changed ON products;
CREATE TRIGGER products_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER products_catalog_updated AFTER UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_product_changed();
