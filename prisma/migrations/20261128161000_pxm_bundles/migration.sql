-- A bundle's components (NULL for every other product)
ALTER TABLE "pxm_products" ADD COLUMN "components" JSONB;
