-- Per-integration delivery limit (WEBHOOKS.md §8.4): at most `max_concurrency` deliveries to the integration in
-- flight at once in each server process. When it is null, the default share of WEBHOOK_CONCURRENCY applies.
ALTER TABLE "integrations" ADD COLUMN "max_concurrency" INTEGER;
