-- Catalogs, their rules and their releases. A release's rows (release_hierarchies, release_nodes, release_products,
-- release_node_products) are written while it publishes and never change after: a shopper's read asks them only.
-- Text a filter compares or sorts on is COLLATE "C", as in the other catalog tables.
CREATE TABLE "catalogs" (
    "id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "hierarchy_ids" UUID[],
    "pricebook_id" UUID,
    "pricebook_ids" JSONB,
    "locales" JSONB,
    "enable_price_segmentation" BOOLEAN NOT NULL DEFAULT false,
    "first_published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "catalogs_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "catalog_rules" (
    "id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "catalog_id" UUID NOT NULL,
    "account_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "account_tag_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "customer_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "channels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "schedules" JSONB,
    "pricebook_ids" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "catalog_rules_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "catalog_releases" (
    "id" UUID NOT NULL,
    "catalog_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "failure_reason" TEXT,
    "hierarchies" JSONB NOT NULL DEFAULT '[]',
    "pricebook_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "total_products" INTEGER,
    "total_nodes" INTEGER,
    "percent_completed" INTEGER NOT NULL DEFAULT 0,
    "is_full_publish" BOOLEAN NOT NULL DEFAULT true,
    "is_full_delta" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "catalog_releases_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "release_hierarchies" (
    "release_id" UUID NOT NULL,
    "hierarchy_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "slug" TEXT COLLATE "C" NOT NULL,
    "body" JSONB NOT NULL,

    CONSTRAINT "release_hierarchies_pkey" PRIMARY KEY ("release_id","hierarchy_id")
);

CREATE TABLE "release_nodes" (
    "release_id" UUID NOT NULL,
    "node_id" UUID NOT NULL,
    "hierarchy_id" UUID NOT NULL,
    "parent_id" UUID,
    "position" INTEGER NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "slug" TEXT COLLATE "C" NOT NULL,
    "body" JSONB NOT NULL,

    CONSTRAINT "release_nodes_pkey" PRIMARY KEY ("release_id","node_id")
);

CREATE TABLE "release_products" (
    "release_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "slug" TEXT COLLATE "C" NOT NULL,
    "sku" TEXT COLLATE "C",
    "mpn" TEXT COLLATE "C",
    "upc_ean" TEXT COLLATE "C",
    "product_types" TEXT[],
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "parent_id" UUID,
    "hierarchy_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "component_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "body" JSONB NOT NULL,
    "by_currency" JSONB NOT NULL DEFAULT '{}',
    "main_image" JSONB,
    "files" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "release_products_pkey" PRIMARY KEY ("release_id","product_id")
);

CREATE TABLE "release_node_products" (
    "release_id" UUID NOT NULL,
    "node_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "hierarchy_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "release_node_products_pkey" PRIMARY KEY ("release_id","node_id","product_id")
);

CREATE INDEX "catalogs_created_at_id_idx" ON "catalogs"("created_at", "id");

CREATE INDEX "catalogs_name_id_idx" ON "catalogs"("name", "id");

CREATE INDEX "catalogs_first_published_at_idx" ON "catalogs"("first_published_at");

CREATE INDEX "catalog_rules_created_at_id_idx" ON "catalog_rules"("created_at", "id");

CREATE INDEX "catalog_rules_catalog_id_idx" ON "catalog_rules"("catalog_id");

CREATE INDEX "catalog_releases_catalog_id_created_at_idx" ON "catalog_releases"("catalog_id", "created_at");

CREATE INDEX "catalog_releases_status_published_at_idx" ON "catalog_releases"("status", "published_at");

CREATE INDEX "release_hierarchies_release_id_position_idx" ON "release_hierarchies"("release_id", "position");

CREATE INDEX "release_nodes_release_id_position_idx" ON "release_nodes"("release_id", "position");

CREATE INDEX "release_nodes_release_id_hierarchy_id_parent_id_position_idx" ON "release_nodes"("release_id", "hierarchy_id", "parent_id", "position");

CREATE INDEX "release_nodes_release_id_parent_id_position_idx" ON "release_nodes"("release_id", "parent_id", "position");

CREATE INDEX "release_products_release_id_position_idx" ON "release_products"("release_id", "position");

CREATE INDEX "release_products_release_id_sku_idx" ON "release_products"("release_id", "sku");

CREATE INDEX "release_products_release_id_slug_idx" ON "release_products"("release_id", "slug");

CREATE INDEX "release_products_release_id_parent_id_position_idx" ON "release_products"("release_id", "parent_id", "position");

CREATE INDEX "release_products_hierarchy_ids_idx" ON "release_products" USING GIN ("hierarchy_ids");

CREATE INDEX "release_node_products_release_id_node_id_position_idx" ON "release_node_products"("release_id", "node_id", "position");

ALTER TABLE "catalog_rules" ADD CONSTRAINT "catalog_rules_catalog_id_fkey" FOREIGN KEY ("catalog_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "catalog_releases" ADD CONSTRAINT "catalog_releases_catalog_id_fkey" FOREIGN KEY ("catalog_id") REFERENCES "catalogs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "release_hierarchies" ADD CONSTRAINT "release_hierarchies_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "catalog_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "release_nodes" ADD CONSTRAINT "release_nodes_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "catalog_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "release_products" ADD CONSTRAINT "release_products_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "catalog_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "release_node_products" ADD CONSTRAINT "release_node_products_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "catalog_releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A change of which release a shopper's context resolves to (a rule, a catalog, a release's status) NOTIFYs
-- `commerce_catalog_releases`, so every replica drops what it resolved.
CREATE FUNCTION notify_catalog_releases_changed() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(\'commerce_catalog_releases\', \'\')\073 RETURN NULL\073 END';

CREATE TRIGGER catalogs_releases_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_releases_changed();
CREATE TRIGGER catalog_rules_releases_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_rules
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_releases_changed();
CREATE TRIGGER catalog_releases_releases_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_releases
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_releases_changed();
