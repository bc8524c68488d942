-- All Quotes (features/quotes): the customer's names on each order and the counts per branch and status, both
-- kept by trigger, and an index per sort.
-- Every sort index ends with order_id (the tie-break of every sort) and INCLUDEs branchno, order_status and the
-- names, so that a page's 25 ids come from walking one index in the page's order, with scope, status and a name
-- search checked in the index alone (an index-only scan; measured in docs/decisions, all-quotes).
-- Names sort and match in the "C" collation: the same order on PGlite and on a server whatever its locale, and
-- a LIKE 'prefix%' that the same index answers.
CREATE OR REPLACE FUNCTION orders_customer_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f text;
  l text;
BEGIN
  SELECT c.first_name, c.last_name INTO f, l FROM customers c
   WHERE c.sqldbid = NEW.sqldbid AND c.customer_no = NEW.customer_no;
  IF FOUND THEN
    NEW.customer_first_name := f;
    NEW.customer_last_name := l;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_customer_names ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_customer_names BEFORE INSERT OR UPDATE OF sqldbid, customer_no ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_customer_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_names_to_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET customer_first_name = NEW.first_name, customer_last_name = NEW.last_name
   WHERE sqldbid = NEW.sqldbid AND customer_no = NEW.customer_no;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_names_to_orders ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_names_to_orders AFTER UPDATE OF first_name, last_name ON customers
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION customers_names_to_orders();
--> statement-breakpoint
UPDATE orders o SET customer_first_name = c.first_name, customer_last_name = c.last_name
  FROM customers c WHERE c.sqldbid = o.sqldbid AND c.customer_no = o.customer_no;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_list_updated_idx ON orders (updated_at, order_id) INCLUDE (branchno, order_status, customer_last_name, customer_first_name);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_list_created_idx ON orders (created_at, order_id) INCLUDE (branchno, order_status, customer_last_name, customer_first_name);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_list_total_idx ON orders (total, order_id) INCLUDE (branchno, order_status, customer_last_name, customer_first_name);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_list_status_idx ON orders (order_status, updated_at, order_id) INCLUDE (branchno, customer_last_name, customer_first_name);
--> statement-breakpoint
-- The names themselves are included: an index-only scan must be able to compute lower(name) from the index.
CREATE INDEX IF NOT EXISTS orders_list_customer_idx ON orders ((lower(customer_last_name) COLLATE "C"), (lower(customer_first_name) COLLATE "C"), order_id) INCLUDE (branchno, order_status, customer_last_name, customer_first_name);
--> statement-breakpoint
-- With a status filter (the page opens on PENDING), the same sorts within the status: quotes are the newest orders,
-- so walking the created or total index of all orders for the few pending ones would cross most of the table.
CREATE INDEX IF NOT EXISTS orders_list_status_created_idx ON orders (order_status, created_at, order_id) INCLUDE (branchno, customer_last_name, customer_first_name);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_list_status_total_idx ON orders (order_status, total, order_id) INCLUDE (branchno, customer_last_name, customer_first_name);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_list_status_customer_idx ON orders (order_status, (lower(customer_last_name) COLLATE "C"), (lower(customer_first_name) COLLATE "C"), order_id) INCLUDE (branchno, customer_last_name, customer_first_name);
--> statement-breakpoint
-- Orders per branch and status: the total of a list without a search is a sum of a few of these rows.
CREATE OR REPLACE FUNCTION order_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.branchno IS DISTINCT FROM NEW.branchno
      OR OLD.order_status IS DISTINCT FROM NEW.order_status) THEN
    UPDATE order_counts SET n = n - 1 WHERE branchno = OLD.branchno AND order_status = OLD.order_status;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.branchno IS DISTINCT FROM NEW.branchno
      OR OLD.order_status IS DISTINCT FROM NEW.order_status) THEN
    INSERT INTO order_counts (branchno, order_status, n) VALUES (NEW.branchno, NEW.order_status, 1)
      ON CONFLICT (branchno, order_status) DO UPDATE SET n = order_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS order_counts_trg ON orders;
--> statement-breakpoint
CREATE TRIGGER order_counts_trg AFTER INSERT OR UPDATE OF branchno, order_status OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_counts_trigger();
--> statement-breakpoint
-- Recount everything (after a bulk load with the trigger disabled, or when a check finds drift).
CREATE OR REPLACE FUNCTION order_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_counts;
  INSERT INTO order_counts (branchno, order_status, n)
    SELECT branchno, order_status, count(*) FROM orders GROUP BY branchno, order_status;
$$;
--> statement-breakpoint
SELECT order_counts_rebuild();
