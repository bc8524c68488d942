-- The MeasureIt search at a million properties (decision 041, "Measured at 1,000,000"). Measured
-- before: a page sorted by a customer's name read and sorted every match of the branch joined to customers (120-617
-- ms), a 'Both' page sorted by anything but the street order likewise (150-180 ms), a count of up to 10,001 matches
-- took 13-23 ms and the statistics with a zip list 62-89 ms. Three changes:
--
-- 1. The customer's names on the property row (kept by triggers), so that the search needs no join with customers
--    and a name can be indexed with the branch.
ALTER TABLE measured_properties ADD COLUMN IF NOT EXISTS first_name text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE measured_properties ADD COLUMN IF NOT EXISTS last_name text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE measured_properties p SET first_name = c.first_name, last_name = c.last_name
  FROM customers c
  WHERE c.sqldbid = p.sqldbid AND c.customer_no = p.customer_no
    AND (p.first_name, p.last_name) IS DISTINCT FROM (c.first_name, c.last_name);
--> statement-breakpoint
-- A property takes its customer's names when it is written (a neighbour has none).
CREATE OR REPLACE FUNCTION measured_property_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.first_name := '';
  NEW.last_name := '';
  IF NEW.customer_no IS NOT NULL THEN
    SELECT c.first_name, c.last_name INTO NEW.first_name, NEW.last_name
      FROM customers c WHERE c.sqldbid = NEW.sqldbid AND c.customer_no = NEW.customer_no;
    NEW.first_name := coalesce(NEW.first_name, '');
    NEW.last_name := coalesce(NEW.last_name, '');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS measured_property_names_trg ON measured_properties;
--> statement-breakpoint
CREATE TRIGGER measured_property_names_trg BEFORE INSERT OR UPDATE OF sqldbid, customer_no ON measured_properties
  FOR EACH ROW EXECUTE FUNCTION measured_property_names();
--> statement-breakpoint
-- A customer written after its property (a bulk load: one join per statement) takes its names onto it.
CREATE OR REPLACE FUNCTION customer_property_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE measured_properties p SET first_name = n.first_name, last_name = n.last_name
    FROM new_rows n
    WHERE p.sqldbid = n.sqldbid AND p.customer_no = n.customer_no
      AND (p.first_name, p.last_name) IS DISTINCT FROM (n.first_name, n.last_name);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_property_names_insert_trg ON customers;
--> statement-breakpoint
CREATE TRIGGER customer_property_names_insert_trg AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_property_names();
--> statement-breakpoint
-- A customer renamed renames its property. Row by row and only when a name changes: a customer is updated on every
-- edit during a call, and those must not pay for a join.
CREATE OR REPLACE FUNCTION customer_property_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE measured_properties SET first_name = NEW.first_name, last_name = NEW.last_name
    WHERE sqldbid = NEW.sqldbid AND customer_no = NEW.customer_no;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_property_names_update_trg ON customers;
--> statement-breakpoint
CREATE TRIGGER customer_property_names_update_trg AFTER UPDATE OF first_name, last_name ON customers FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION customer_property_rename();
--> statement-breakpoint
-- 2. Counts kept in advance (as surname_counts and outbound_counts are): properties per branch, five-digit zip,
--    neighbour or not, state (0 unmeasured, 1 not measured, 2 measured) and proximity (-1 for none). The statistics
--    and the count of a search by franchise, zips, mode and proximity add up a few hundred of these rows, exactly,
--    instead of counting the properties (features/measureit-search/counts.ts).
CREATE OR REPLACE FUNCTION measureit_state(complete boolean, reason integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (CASE WHEN NOT complete THEN 0 WHEN reason IS NOT NULL THEN 1 ELSE 2 END)::smallint $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS measureit_counts (
  branchno text NOT NULL,
  zip5 text NOT NULL,
  is_neighbor boolean NOT NULL,
  state smallint NOT NULL,
  proximity smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (branchno, zip5, is_neighbor, state, proximity)
);
--> statement-breakpoint
TRUNCATE measureit_counts;
--> statement-breakpoint
INSERT INTO measureit_counts (branchno, zip5, is_neighbor, state, proximity, n)
  SELECT branchno, left(zip, 5), is_neighbor, measureit_state(complete, not_measured_reason_id),
      coalesce(proximity, -1), count(*)
    FROM measured_properties GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- One change of counts per key, added in key order (two writers lock the rows they share in the same order).
CREATE OR REPLACE FUNCTION measureit_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO measureit_counts AS k (branchno, zip5, is_neighbor, state, proximity, n)
      SELECT branchno, left(zip, 5), is_neighbor, measureit_state(complete, not_measured_reason_id),
          coalesce(proximity, -1), count(*)
        FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (branchno, zip5, is_neighbor, state, proximity) DO UPDATE SET n = k.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO measureit_counts AS k (branchno, zip5, is_neighbor, state, proximity, n)
      SELECT branchno, left(zip, 5), is_neighbor, measureit_state(complete, not_measured_reason_id),
          coalesce(proximity, -1), -count(*)
        FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (branchno, zip5, is_neighbor, state, proximity) DO UPDATE SET n = k.n + excluded.n;
  ELSE
    INSERT INTO measureit_counts AS k (branchno, zip5, is_neighbor, state, proximity, n)
      SELECT branchno, zip5, is_neighbor, state, proximity, sum(d)
        FROM (
          SELECT branchno, left(zip, 5) AS zip5, is_neighbor, measureit_state(complete, not_measured_reason_id) AS state,
              coalesce(proximity, -1)::smallint AS proximity, 1 AS d
            FROM new_rows
          UNION ALL
          SELECT branchno, left(zip, 5), is_neighbor, measureit_state(complete, not_measured_reason_id),
              coalesce(proximity, -1)::smallint, -1
            FROM old_rows
        ) c
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (branchno, zip5, is_neighbor, state, proximity) DO UPDATE SET n = k.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS measureit_counts_insert_trg ON measured_properties;
--> statement-breakpoint
CREATE TRIGGER measureit_counts_insert_trg AFTER INSERT ON measured_properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION measureit_counts_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS measureit_counts_update_trg ON measured_properties;
--> statement-breakpoint
CREATE TRIGGER measureit_counts_update_trg AFTER UPDATE ON measured_properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION measureit_counts_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS measureit_counts_delete_trg ON measured_properties;
--> statement-breakpoint
CREATE TRIGGER measureit_counts_delete_trg AFTER DELETE ON measured_properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION measureit_counts_apply();
--> statement-breakpoint
-- 3. A page sorted by any column of the grid is walked from an index in the grid's order within the branch, the
--    search's filter columns INCLUDEd, stopping after the page (decision 039's pattern). The grid's order is the
--    field then the property id in the same direction, empty values last: a never-empty field's index serves both
--    directions (a backward scan), a nullable one needs one index a direction. The default order (zip, street) is
--    migration 0032's index; this one without the branch serves 'None' (every branch of the caller's scope).
CREATE INDEX IF NOT EXISTS mp_sort_first_name_idx ON measured_properties (branchno, first_name, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_last_name_idx ON measured_properties (branchno, last_name, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_street_idx ON measured_properties (branchno, street_address, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_city_idx ON measured_properties (branchno, city, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_state_idx ON measured_properties (branchno, state, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_zip_idx ON measured_properties (branchno, zip, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_id_idx ON measured_properties (branchno, property_id) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_cust_no_asc_idx ON measured_properties (branchno, customer_no ASC NULLS LAST, property_id ASC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_cust_no_desc_idx ON measured_properties (branchno, customer_no DESC NULLS LAST, property_id DESC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_year_built_asc_idx ON measured_properties (branchno, year_built ASC NULLS LAST, property_id ASC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_year_built_desc_idx ON measured_properties (branchno, year_built DESC NULLS LAST, property_id DESC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_square_feet_asc_idx ON measured_properties (branchno, square_feet ASC NULLS LAST, property_id ASC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_square_feet_desc_idx ON measured_properties (branchno, square_feet DESC NULLS LAST, property_id DESC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, status_date, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_status_date_asc_idx ON measured_properties (branchno, status_date ASC NULLS LAST, property_id ASC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_status_date_desc_idx ON measured_properties (branchno, status_date DESC NULLS LAST, property_id DESC) INCLUDE (complete, is_neighbor, not_measured_reason_id, proximity, zip);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mp_sort_none_street_idx ON measured_properties (zip, street_address, property_id) INCLUDE (branchno, complete, is_neighbor, not_measured_reason_id, proximity, status_date);
