-- Street-name fragments ('wthor' in 'Hawthorne') are matched against the distinct street names the network
-- knows, a few thousand rows, instead of re-checking trigram hits in up to a million customer rows. The
-- customers of the matching names are then found, and counted index-only, by the btree index below (street_nm
-- itself is included: PostgreSQL answers an expression index-only only when the column is in the index too).
-- Names are kept lower-case, added by statement-level triggers; a name nobody lives on any more matches nobody.
CREATE TABLE IF NOT EXISTS street_names (name text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS street_names_trgm_idx ON street_names USING gin (name gin_trgm_ops);
--> statement-breakpoint
INSERT INTO street_names (name) SELECT DISTINCT lower(street_nm) FROM customers WHERE street_nm <> '' ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION street_names_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO street_names (name)
    SELECT DISTINCT lower(street_nm) FROM new_rows WHERE street_nm <> ''
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS street_names_insert_trg ON customers;
--> statement-breakpoint
CREATE TRIGGER street_names_insert_trg AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION street_names_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS street_names_update_trg ON customers;
--> statement-breakpoint
CREATE TRIGGER street_names_update_trg AFTER UPDATE ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION street_names_collect();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_street_nm_idx ON customers (lower(street_nm) text_pattern_ops) INCLUDE (customer_id, branchno, street_nm);
--> statement-breakpoint
DROP INDEX IF EXISTS customers_street_nm_trgm_idx;
