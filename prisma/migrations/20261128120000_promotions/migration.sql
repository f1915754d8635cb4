-- AlterTable
ALTER TABLE "carts" ADD COLUMN "promotions" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "cart_items" ADD COLUMN "discounts" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN "discount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN "discounts" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "discount_amount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "promotions" (
    "id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "promotion_type" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "start" TIMESTAMPTZ(3) NOT NULL,
    "end" TIMESTAMPTZ(3) NOT NULL,
    "schema" JSONB NOT NULL,
    "min_cart_value" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "promotions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "promotion_codes" (
    "id" UUID NOT NULL,
    "promotion_id" UUID NOT NULL,
    "code" TEXT COLLATE "C" NOT NULL,
    "max_uses" INTEGER,
    "used" INTEGER NOT NULL DEFAULT 0,
    "consume_unit" TEXT NOT NULL DEFAULT 'per_cart',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promotion_codes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "promotion_codes_used_within_max" CHECK ("max_uses" IS NULL OR "used" <= "max_uses")
);

-- CreateTable
CREATE TABLE "cart_promotion_codes" (
    "id" UUID NOT NULL,
    "cart_id" TEXT NOT NULL,
    "code_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_promotion_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "promotions_created_at_id_idx" ON "promotions"("created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "promotion_codes_code_key" ON "promotion_codes"("code");

-- CreateIndex
CREATE INDEX "promotion_codes_promotion_id_created_at_idx" ON "promotion_codes"("promotion_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "cart_promotion_codes_cart_id_code_id_key" ON "cart_promotion_codes"("cart_id", "code_id");

-- CreateIndex
CREATE INDEX "cart_promotion_codes_code_id_idx" ON "cart_promotion_codes"("code_id");

-- AddForeignKey
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_fkey" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_promotion_codes" ADD CONSTRAINT "cart_promotion_codes_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_promotion_codes" ADD CONSTRAINT "cart_promotion_codes_code_id_fkey" FOREIGN KEY ("code_id") REFERENCES "promotion_codes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
