-- Payment gateways (/v2/gateways). Every gateway starts enabled so a new store can take payments at once
-- (Elastic Path starts them disabled). `credentials` holds write-only secrets and is never returned.
CREATE TABLE "gateways" (
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "credentials" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "gateways_pkey" PRIMARY KEY ("slug")
);

INSERT INTO "gateways" ("slug", "name", "settings", "updated_at") VALUES
    ('manual', 'Manual', '{}', CURRENT_TIMESTAMP),
    ('stripe_payment_intents', 'Stripe Payment Intents', '{"test": false}', CURRENT_TIMESTAMP),
    ('elastic_path_payments_stripe', 'Elastic Path Payments powered by Stripe', '{"test": false}', CURRENT_TIMESTAMP);
