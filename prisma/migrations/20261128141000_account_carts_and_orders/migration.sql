-- AlterTable
ALTER TABLE "orders" ADD COLUMN "account_member_id" UUID, ADD COLUMN "contact" JSONB;

-- CreateIndex
CREATE INDEX "orders_account_id_created_at_id_idx" ON "orders"("account_id", "created_at", "id");

-- CreateTable
CREATE TABLE "cart_accounts" (
    "cart_id" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_accounts_pkey" PRIMARY KEY ("cart_id","account_id")
);

-- CreateIndex
CREATE INDEX "cart_accounts_account_id_idx" ON "cart_accounts"("account_id");

-- AddForeignKey
ALTER TABLE "cart_accounts" ADD CONSTRAINT "cart_accounts_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_accounts" ADD CONSTRAINT "cart_accounts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
