-- CreateTable
CREATE TABLE "pxm_products" (
    "id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "description" TEXT COLLATE "C" NOT NULL DEFAULT '',
    "slug" TEXT COLLATE "C" NOT NULL,
    "sku" TEXT COLLATE "C",
    "upc_ean" TEXT COLLATE "C",
    "mpn" TEXT COLLATE "C",
    "external_ref" TEXT COLLATE "C",
    "status" TEXT NOT NULL DEFAULT 'draft',
    "commodity_type" TEXT NOT NULL DEFAULT 'physical',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "extensions" JSONB,
    "admin_attributes" JSONB,
    "shopper_attributes" JSONB,
    "locales" JSONB,
    "main_image_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pxm_products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pxm_product_files" (
    "product_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pxm_product_files_pkey" PRIMARY KEY ("product_id","file_id")
);

-- CreateTable
CREATE TABLE "pxm_node_products" (
    "node_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pxm_node_products_pkey" PRIMARY KEY ("node_id","product_id")
);

CREATE UNIQUE INDEX "pxm_products_slug_key" ON "pxm_products"("slug");
CREATE UNIQUE INDEX "pxm_products_sku_key" ON "pxm_products"("sku");
CREATE INDEX "pxm_products_created_at_id_idx" ON "pxm_products"("created_at", "id");
CREATE INDEX "pxm_products_updated_at_id_idx" ON "pxm_products"("updated_at", "id");
CREATE INDEX "pxm_products_name_id_idx" ON "pxm_products"("name", "id");
CREATE INDEX "pxm_products_main_image_id_idx" ON "pxm_products"("main_image_id");
CREATE INDEX "pxm_product_files_file_id_idx" ON "pxm_product_files"("file_id");
CREATE INDEX "pxm_node_products_product_id_idx" ON "pxm_node_products"("product_id");

ALTER TABLE "pxm_products" ADD CONSTRAINT "pxm_products_main_image_id_fkey" FOREIGN KEY ("main_image_id") REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "pxm_product_files" ADD CONSTRAINT "pxm_product_files_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "pxm_products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pxm_product_files" ADD CONSTRAINT "pxm_product_files_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pxm_node_products" ADD CONSTRAINT "pxm_node_products_node_id_fkey" FOREIGN KEY ("node_id") REFERENCES "pxm_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pxm_node_products" ADD CONSTRAINT "pxm_node_products_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "pxm_products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
