-- The inbound search answers one page of its matches (decision 015). In the grid's first order (branch, then
-- customer number) the page is chosen from the matches' ids alone when the index that finds them also holds each
-- customer's branch, number and company: INCLUDE customer_no and sqldbid in the covering name and street indexes, so
-- that finding the matches and choosing the page stay index-only scans and only the page's rows are read.
DROP INDEX IF EXISTS customers_last_first_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_last_first_idx ON customers (lower(last_name) text_pattern_ops, lower(first_name) text_pattern_ops) INCLUDE (customer_id, last_name, first_name, branchno, customer_no, sqldbid);
--> statement-breakpoint
DROP INDEX IF EXISTS customers_first_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_first_idx ON customers (lower(first_name) text_pattern_ops) INCLUDE (customer_id, first_name, branchno, customer_no, sqldbid);
--> statement-breakpoint
DROP INDEX IF EXISTS customers_branch_last_first_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_branch_last_first_idx ON customers (branchno, lower(last_name) text_pattern_ops, lower(first_name) text_pattern_ops) INCLUDE (customer_id, last_name, first_name, customer_no, sqldbid);
--> statement-breakpoint
DROP INDEX IF EXISTS customers_street_nm_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_street_nm_idx ON customers (lower(street_nm) text_pattern_ops) INCLUDE (customer_id, branchno, street_nm, customer_no, sqldbid);
