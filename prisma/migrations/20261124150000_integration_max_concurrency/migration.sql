-- Per-integration delivery limit (docs/webhook-delivery.md): at most `max_concurrency` deliveries to the integration in
-- flight at once in each server process. When it is null, the default share of WEBHOOK_CONCURRENCY applies.
ALTER TABLE "integrations" ADD COLUMN "max_concurrency" INTEGER;
