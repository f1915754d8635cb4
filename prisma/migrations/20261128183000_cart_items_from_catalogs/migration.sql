-- Where a cart item's product came from (the registered item source: legacy products or a published catalog
-- release), what it showed when added, and the stock location it takes from.
ALTER TABLE "cart_items" ADD COLUMN "source" TEXT;
ALTER TABLE "cart_items" ADD COLUMN "catalog_id" UUID;
ALTER TABLE "cart_items" ADD COLUMN "image" JSONB;
ALTER TABLE "cart_items" ADD COLUMN "location" TEXT;
ALTER TABLE "cart_items" ADD COLUMN "bundle_configuration" JSONB;
UPDATE "cart_items" SET "source" = 'legacy' WHERE "product_id" IS NOT NULL;

-- An order item keeps the catalog it was sold from, its stock location and bundle selection, and which stock
-- its quantity was taken from ('products': legacy managed stock, 'inventories': inventory stock).
ALTER TABLE "order_items" ADD COLUMN "catalog_id" UUID;
ALTER TABLE "order_items" ADD COLUMN "catalog_source" TEXT;
ALTER TABLE "order_items" ADD COLUMN "location" TEXT;
ALTER TABLE "order_items" ADD COLUMN "bundle_configuration" JSONB;
ALTER TABLE "order_items" ADD COLUMN "stock_source" TEXT;
