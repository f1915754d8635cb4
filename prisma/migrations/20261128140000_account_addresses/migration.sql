-- CreateTable
CREATE TABLE "account_addresses" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT COLLATE "C",
    "first_name" TEXT COLLATE "C" NOT NULL,
    "last_name" TEXT COLLATE "C" NOT NULL,
    "company_name" TEXT COLLATE "C",
    "phone_number" TEXT,
    "instructions" TEXT,
    "line_1" TEXT NOT NULL,
    "line_2" TEXT,
    "city" TEXT COLLATE "C",
    "county" TEXT,
    "region" TEXT,
    "postcode" TEXT COLLATE "C" NOT NULL,
    "country" TEXT COLLATE "C" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_addresses_account_id_created_at_id_idx" ON "account_addresses"("account_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "account_addresses" ADD CONSTRAINT "account_addresses_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
