-- CreateTable
CREATE TABLE "pxm_hierarchies" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',
    "admin_attributes" JSONB,
    "shopper_attributes" JSONB,
    "locales" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pxm_hierarchies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pxm_nodes" (
    "id" UUID NOT NULL,
    "hierarchy_id" UUID NOT NULL,
    "parent_id" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL DEFAULT '',
    "sort_order" INTEGER,
    "curated_products" UUID[] DEFAULT ARRAY[]::UUID[],
    "admin_attributes" JSONB,
    "shopper_attributes" JSONB,
    "locales" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pxm_nodes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pxm_hierarchies_created_at_id_idx" ON "pxm_hierarchies"("created_at", "id");

-- CreateIndex
CREATE INDEX "pxm_hierarchies_name_id_idx" ON "pxm_hierarchies"("name", "id");

-- CreateIndex
CREATE INDEX "pxm_nodes_hierarchy_id_parent_id_idx" ON "pxm_nodes"("hierarchy_id", "parent_id");

-- CreateIndex
CREATE INDEX "pxm_nodes_parent_id_idx" ON "pxm_nodes"("parent_id");

-- CreateIndex
CREATE INDEX "pxm_nodes_created_at_id_idx" ON "pxm_nodes"("created_at", "id");

-- AddForeignKey
ALTER TABLE "pxm_nodes" ADD CONSTRAINT "pxm_nodes_hierarchy_id_fkey" FOREIGN KEY ("hierarchy_id") REFERENCES "pxm_hierarchies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pxm_nodes" ADD CONSTRAINT "pxm_nodes_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "pxm_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
