-- Products keep their count too, by status: an admin's unfiltered list reads the sum of every status, a
-- storefront's the count of live products. A relation counted by a column has one count per value (`bucket`),
-- '' for a relation counted whole (orders). No semicolon may appear inside a statement or comment here (see
-- the orders row counts migration), which is why the function bodies write them as \073.
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_pkey",
ADD COLUMN     "bucket" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "row_counts_pkey" PRIMARY KEY ("relation", "bucket", "shard");

-- row_counts_changed(sign [, column]): adds sign × the rows of the statement's transition table `changed_rows`
-- to the table's count, or with a column to the count of each of its values.
CREATE OR REPLACE FUNCTION row_counts_changed() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN INSERT INTO row_counts AS c (relation, bucket, shard, n) SELECT TG_TABLE_NAME, concat(CASE WHEN TG_NARGS > 1 THEN to_jsonb(r) ->> TG_ARGV[1] END), pg_backend_pid() % 16, TG_ARGV[0]::int * count(*) FROM changed_rows r GROUP BY 2 ON CONFLICT (relation, bucket, shard) DO UPDATE SET n = c.n + EXCLUDED.n\073 RETURN NULL\073 END';

-- row_counts_moved(column): a row whose column changed moves from the count of its old value to its new one's.
CREATE FUNCTION row_counts_moved() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN INSERT INTO row_counts AS c (relation, bucket, shard, n) VALUES (TG_TABLE_NAME, concat(to_jsonb(OLD) ->> TG_ARGV[0]), pg_backend_pid() % 16, -1), (TG_TABLE_NAME, concat(to_jsonb(NEW) ->> TG_ARGV[0]), pg_backend_pid() % 16, 1) ON CONFLICT (relation, bucket, shard) DO UPDATE SET n = c.n + EXCLUDED.n\073 RETURN NULL\073 END';

CREATE TRIGGER "products_counted_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed('1', 'status');
CREATE TRIGGER "products_counted_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed('-1', 'status');
-- A row trigger, and only for a changed status: the many updates of other columns (stock, every edit) run no
-- function at all.
CREATE TRIGGER "products_counted_moved" AFTER UPDATE OF "status" ON "products"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION row_counts_moved('status');
CREATE TRIGGER "products_counted_emptied" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_emptied();

INSERT INTO row_counts (relation, bucket, shard, n) SELECT 'products', status, 0, count(*) FROM products GROUP BY status;
