-- Row counts kept by the database, so that an unfiltered list reads its total instead of counting every row
-- (counting 100,000 orders costs PostgreSQL ~5 ms, more than the rest of the page). Each relation's count is
-- split into shards by server process, so that concurrent transactions adding rows do not wait for one another.
-- The total is their sum, exact in every snapshot, since each change is written in the transaction that made it.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs migration scripts
-- split at every one, which is why the function bodies write them as \073.
CREATE TABLE "row_counts" (
    "relation" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "row_counts_pkey" PRIMARY KEY ("relation","shard")
);

-- row_counts_changed(sign): adds sign × the rows of the statement's transition table `changed_rows` (the rows
-- inserted, or the rows deleted) to the table's count.
CREATE FUNCTION row_counts_changed() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN INSERT INTO row_counts AS c (relation, shard, n) SELECT TG_TABLE_NAME, pg_backend_pid() % 16, TG_ARGV[0]::int * count(*) FROM changed_rows HAVING count(*) > 0 ON CONFLICT (relation, shard) DO UPDATE SET n = c.n + EXCLUDED.n\073 RETURN NULL\073 END';

CREATE FUNCTION row_counts_emptied() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN DELETE FROM row_counts WHERE relation = TG_TABLE_NAME\073 RETURN NULL\073 END';

CREATE TRIGGER "orders_counted_added" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed('1');
CREATE TRIGGER "orders_counted_removed" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed('-1');
CREATE TRIGGER "orders_counted_emptied" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_emptied();

INSERT INTO row_counts (relation, shard, n) SELECT 'orders', 0, count(*) FROM orders;
