-- Per-integration rate limit (docs/webhook-delivery.md): at most rate_limit_per_second delivery attempts a second,
-- across all servers. A token bucket of max(1, rate) tokens: rate_tokens were left at rate_refilled_at (null: full).
ALTER TABLE "integrations" ADD COLUMN "rate_limit_per_second" DOUBLE PRECISION;
ALTER TABLE "integrations" ADD COLUMN "rate_tokens" DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE "integrations" ADD COLUMN "rate_refilled_at" TIMESTAMPTZ(3);
