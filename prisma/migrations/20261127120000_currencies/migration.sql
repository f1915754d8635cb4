-- CreateTable
CREATE TABLE "currencies" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "exchange_rate" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "format" TEXT NOT NULL,
    "decimal_point" TEXT NOT NULL,
    "thousand_separator" TEXT NOT NULL,
    "decimal_places" INTEGER NOT NULL,
    "is_default" BOOLEAN,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "currencies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "currencies_code_key" ON "currencies"("code");

-- CreateIndex
CREATE UNIQUE INDEX "currencies_is_default_key" ON "currencies"("is_default");

-- CreateIndex
CREATE INDEX "currencies_created_at_id_idx" ON "currencies"("created_at", "id");

-- is_default is true or NULL, never false: the unique index then admits one default at most
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_is_default_true_or_null" CHECK ("is_default");

-- A new store sells in US dollars until it says otherwise
INSERT INTO "currencies" ("id", "code", "exchange_rate", "format", "decimal_point", "thousand_separator", "decimal_places", "is_default", "enabled", "updated_at")
  VALUES (gen_random_uuid(), 'USD', 1, '${price}', '.', ',', 2, true, true, CURRENT_TIMESTAMP);

-- Each replica reloads the formats it writes amounts with (commerce_currencies) and drops the cached
-- responses that show formatted amounts (commerce_catalog) after any committed change to the currencies
CREATE FUNCTION notify_currencies_changed() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(\'commerce_currencies\', \'\')\073 PERFORM pg_notify(\'commerce_catalog\', \'\')\073 RETURN NULL\073 END';

CREATE TRIGGER currencies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_currencies_changed();
