-- Order list filters Elastic Path documents (customer_id, shipping_name, shipping_postcode, billing_name,
-- billing_postcode): columns PostgreSQL derives from the JSON it already holds, so every writer (checkout,
-- PUT shipping_address, SQL sessions) keeps them right without code. A name is "first_name last_name".
ALTER TABLE "orders"
  ADD COLUMN "customer_id" TEXT GENERATED ALWAYS AS ("customer" ->> 'id') STORED,
  ADD COLUMN "shipping_name" TEXT GENERATED ALWAYS AS (NULLIF(BTRIM(COALESCE("shipping_address" ->> 'first_name', '') || ' ' || COALESCE("shipping_address" ->> 'last_name', '')), '')) STORED,
  ADD COLUMN "shipping_postcode" TEXT GENERATED ALWAYS AS ("shipping_address" ->> 'postcode') STORED,
  ADD COLUMN "billing_name" TEXT GENERATED ALWAYS AS (NULLIF(BTRIM(COALESCE("billing_address" ->> 'first_name', '') || ' ' || COALESCE("billing_address" ->> 'last_name', '')), '')) STORED,
  ADD COLUMN "billing_postcode" TEXT GENERATED ALWAYS AS ("billing_address" ->> 'postcode') STORED;
