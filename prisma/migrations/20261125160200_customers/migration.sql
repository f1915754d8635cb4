-- Shoppers (Elastic Path's Customers API) and their tokens. email_key is the lower-cased email, so an
-- address is unique whatever its case, and a token is kept only as its SHA-256.
CREATE TABLE "customers" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_key" TEXT NOT NULL,
    "password_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "customer_tokens" (
    "id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_tokens_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "customers_email_key_key" ON "customers"("email_key");
CREATE INDEX "customers_created_at_id_idx" ON "customers"("created_at", "id");
CREATE INDEX "customers_updated_at_id_idx" ON "customers"("updated_at", "id");
CREATE INDEX "customers_name_id_idx" ON "customers"("name", "id");
CREATE UNIQUE INDEX "customer_tokens_token_hash_key" ON "customer_tokens"("token_hash");
CREATE INDEX "customer_tokens_customer_id_idx" ON "customer_tokens"("customer_id");
CREATE INDEX "customer_tokens_expires_at_idx" ON "customer_tokens"("expires_at");

ALTER TABLE "customer_tokens" ADD CONSTRAINT "customer_tokens_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
