-- Secret rotation (docs/webhook-delivery.md): after `configuration.secret_key` changes, the previous signing secret keeps
-- signing beside the new one until `previous_signing_secret_until` (WEBHOOK_SECRET_OVERLAP_HOURS).
ALTER TABLE "integrations"
  ADD COLUMN "previous_signing_secret" TEXT,
  ADD COLUMN "previous_signing_secret_until" TIMESTAMPTZ(3);
