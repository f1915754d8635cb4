-- CreateTable
CREATE TABLE "cart_customers" (
    "cart_id" TEXT NOT NULL,
    "customer_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_customers_pkey" PRIMARY KEY ("cart_id","customer_id")
);

-- CreateIndex
CREATE INDEX "cart_customers_customer_id_idx" ON "cart_customers"("customer_id");

-- AddForeignKey
ALTER TABLE "cart_customers" ADD CONSTRAINT "cart_customers_cart_id_fkey" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_customers" ADD CONSTRAINT "cart_customers_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
