-- Stock per product and per location. A position never holds more allocated than its total (available never
-- goes below zero): the guarded statements that move stock keep it so, and the CHECKs state it.

-- CreateTable
CREATE TABLE "inventory_stocks" (
    "product_id" UUID NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "allocated" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inventory_stocks_pkey" PRIMARY KEY ("product_id"),
    CONSTRAINT "inventory_stocks_position_check" CHECK ("allocated" >= 0 AND "allocated" <= "total")
);

-- CreateTable
CREATE TABLE "inventory_locations" (
    "id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "slug" TEXT COLLATE "C" NOT NULL,
    "external_ref" TEXT,
    "description" TEXT,
    "address" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inventory_locations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inventory_location_stocks" (
    "product_id" UUID NOT NULL,
    "location_id" UUID NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "allocated" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "inventory_location_stocks_pkey" PRIMARY KEY ("product_id","location_id"),
    CONSTRAINT "inventory_location_stocks_position_check" CHECK ("allocated" >= 0 AND "allocated" <= "total")
);

-- CreateTable
CREATE TABLE "inventory_transactions" (
    "id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "action" TEXT COLLATE "C" NOT NULL,
    "quantity" INTEGER NOT NULL,
    "location" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inventory_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inventory_stocks_created_at_product_id_idx" ON "inventory_stocks"("created_at", "product_id");

-- CreateIndex
CREATE UNIQUE INDEX "inventory_locations_slug_key" ON "inventory_locations"("slug");

-- CreateIndex
CREATE INDEX "inventory_locations_created_at_id_idx" ON "inventory_locations"("created_at", "id");

-- CreateIndex
CREATE INDEX "inventory_location_stocks_location_id_idx" ON "inventory_location_stocks"("location_id");

-- CreateIndex
CREATE INDEX "inventory_transactions_product_id_created_at_id_idx" ON "inventory_transactions"("product_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "inventory_location_stocks" ADD CONSTRAINT "inventory_location_stocks_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "inventory_stocks"("product_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_location_stocks" ADD CONSTRAINT "inventory_location_stocks_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "inventory_locations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "inventory_stocks"("product_id") ON DELETE CASCADE ON UPDATE CASCADE;
