-- The text columns lists sort by or match with `like` compare by the "C" collation (the bytes of their UTF-8, so
-- code point order, and case-insensitive matching folds ASCII letters), whatever locale the database was created
-- with: an ICU or a language locale would sort and match them otherwise, and the embedded database sorts this
-- way already. Their indexes are rebuilt with the columns: sorted pages still read them.
ALTER TABLE "categories" ALTER COLUMN "name" TYPE TEXT COLLATE "C", ALTER COLUMN "slug" TYPE TEXT COLLATE "C",
  ALTER COLUMN "status" TYPE TEXT COLLATE "C", ALTER COLUMN "description" TYPE TEXT COLLATE "C";
-- A product's status is named by two triggers, which are made again around the change of its type.
DROP TRIGGER "products_counted_moved" ON "products";
DROP TRIGGER "products_status_to_links" ON "products";
ALTER TABLE "products" ALTER COLUMN "name" TYPE TEXT COLLATE "C", ALTER COLUMN "slug" TYPE TEXT COLLATE "C",
  ALTER COLUMN "sku" TYPE TEXT COLLATE "C", ALTER COLUMN "status" TYPE TEXT COLLATE "C",
  ALTER COLUMN "description" TYPE TEXT COLLATE "C", ALTER COLUMN "commodity_type" TYPE TEXT COLLATE "C";
CREATE TRIGGER "products_counted_moved" AFTER UPDATE OF "status" ON "products"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION row_counts_moved('status');
CREATE TRIGGER "products_status_to_links" AFTER UPDATE OF "status" ON "products"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION product_status_to_links();
ALTER TABLE "files" ALTER COLUMN "file_name" TYPE TEXT COLLATE "C";
ALTER TABLE "orders" ALTER COLUMN "status" TYPE TEXT COLLATE "C", ALTER COLUMN "payment" TYPE TEXT COLLATE "C",
  ALTER COLUMN "shipping" TYPE TEXT COLLATE "C", ALTER COLUMN "customer_name" TYPE TEXT COLLATE "C",
  ALTER COLUMN "customer_email" TYPE TEXT COLLATE "C", ALTER COLUMN "shipping_name" TYPE TEXT COLLATE "C",
  ALTER COLUMN "billing_name" TYPE TEXT COLLATE "C";
ALTER TABLE "customers" ALTER COLUMN "name" TYPE TEXT COLLATE "C";
ALTER TABLE "integrations" ALTER COLUMN "name" TYPE TEXT COLLATE "C";
ALTER TABLE "accounts" ALTER COLUMN "name" TYPE TEXT COLLATE "C", ALTER COLUMN "legal_name" TYPE TEXT COLLATE "C",
  ALTER COLUMN "registration_id" TYPE TEXT COLLATE "C";
