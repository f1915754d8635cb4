-- Every committed change to the catalog tables (and to settings, whose page_length shapes catalog lists)
-- NOTIFYs `commerce_catalog`, so each replica drops its cached catalog responses, whichever process or
-- SQL session made the change. NOTIFY is delivered at commit, and repeats within a transaction fold into one.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs migration scripts
-- split at every one, which is why the function body writes them as \073.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(\'commerce_catalog\', \'\')\073 RETURN NULL\073 END';

CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER files_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER product_categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER product_files_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER settings_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
