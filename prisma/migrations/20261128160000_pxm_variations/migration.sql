-- Child products: their parent and option combination, one child per parent and combination
ALTER TABLE "pxm_products" ADD COLUMN "parent_id" UUID;
ALTER TABLE "pxm_products" ADD COLUMN "option_key" TEXT;
ALTER TABLE "pxm_products" ADD COLUMN "child_variations" JSONB;
ALTER TABLE "pxm_products" ADD CONSTRAINT "pxm_products_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "pxm_products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "pxm_products_parent_id_option_key_key" ON "pxm_products"("parent_id", "option_key");

CREATE TABLE "pxm_variations" (
    "id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "sort_order" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "pxm_variations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "pxm_variations_created_at_id_idx" ON "pxm_variations"("created_at", "id");

CREATE TABLE "pxm_variation_options" (
    "id" UUID NOT NULL,
    "variation_id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "description" TEXT COLLATE "C" NOT NULL DEFAULT '',
    "sort_order" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "pxm_variation_options_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pxm_variation_options_variation_id_fkey" FOREIGN KEY ("variation_id") REFERENCES "pxm_variations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "pxm_variation_options_variation_id_created_at_id_idx" ON "pxm_variation_options"("variation_id", "created_at", "id");

CREATE TABLE "pxm_variation_modifiers" (
    "id" UUID NOT NULL,
    "option_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "value" TEXT,
    "seek" TEXT,
    "set" TEXT,
    "reference_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "pxm_variation_modifiers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pxm_variation_modifiers_option_id_fkey" FOREIGN KEY ("option_id") REFERENCES "pxm_variation_options"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "pxm_variation_modifiers_option_id_created_at_id_idx" ON "pxm_variation_modifiers"("option_id", "created_at", "id");

CREATE TABLE "pxm_product_variations" (
    "product_id" UUID NOT NULL,
    "variation_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pxm_product_variations_pkey" PRIMARY KEY ("product_id", "variation_id"),
    CONSTRAINT "pxm_product_variations_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "pxm_products"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "pxm_product_variations_variation_id_fkey" FOREIGN KEY ("variation_id") REFERENCES "pxm_variations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "pxm_product_variations_variation_id_idx" ON "pxm_product_variations"("variation_id");
