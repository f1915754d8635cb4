-- One API key (client_id, secret) a row: while a key is rotated one client_id may have two secrets, so
-- client_id is no longer unique. origin tells a key from CLIENT_ID/CLIENT_SECRET from one the server generated.
-- DropIndex
DROP INDEX "api_clients_client_id_key";

-- AlterTable
ALTER TABLE "api_clients" ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'generated';

-- CreateIndex
CREATE INDEX "api_clients_client_id_idx" ON "api_clients"("client_id");
