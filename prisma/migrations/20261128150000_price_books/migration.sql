-- Price books and their prices, one per SKU and book. A book's page of prices reads the (price_book_id, created_at, id) index, a SKU filter the (price_book_id, sku) one.
CREATE TABLE "price_books" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "external_ref" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "price_books_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "price_books_created_at_id_idx" ON "price_books"("created_at", "id");

CREATE TABLE "price_book_prices" (
    "id" UUID NOT NULL,
    "price_book_id" UUID NOT NULL,
    "sku" TEXT COLLATE "C" NOT NULL,
    "external_ref" TEXT COLLATE "C",
    "currencies" JSONB NOT NULL,
    "admin_attributes" JSONB,
    "shopper_attributes" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "price_book_prices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "price_book_prices_price_book_id_sku_key" ON "price_book_prices"("price_book_id", "sku");
CREATE INDEX "price_book_prices_price_book_id_created_at_id_idx" ON "price_book_prices"("price_book_id", "created_at", "id");
CREATE INDEX "price_book_prices_sku_idx" ON "price_book_prices"("sku");
CREATE INDEX "price_book_prices_created_at_id_idx" ON "price_book_prices"("created_at", "id");

ALTER TABLE "price_book_prices" ADD CONSTRAINT "price_book_prices_price_book_id_fkey" FOREIGN KEY ("price_book_id") REFERENCES "price_books"("id") ON DELETE CASCADE ON UPDATE CASCADE;
