-- Every sortable column of an outbound list has an index in the list's order: (type, column, outbound_id), with
-- branchno included so that a scoped page finds its 25 ids by an index-only scan, whatever the sort. Same
-- predicate as 0004 and features/outbound/lists.ts. outbound_listed_target_idx is rebuilt with branchno included.
-- The two nullable columns (call target, last called) keep rows without a value last both ways, so they have a
-- descending index too; the others are never null, and a backward scan serves their descending order.
DROP INDEX IF EXISTS outbound_listed_target_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_target_idx ON outbound_calls (type, call_back_date, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_last_called_idx ON outbound_calls (type, last_access_date, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_cust_no_idx ON outbound_calls (type, cust_no, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_branch_sort_idx ON outbound_calls (type, branchno, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_last_name_idx ON outbound_calls (type, last_name, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_first_name_idx ON outbound_calls (type, first_name, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_city_idx ON outbound_calls (type, city, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_zip_idx ON outbound_calls (type, zip, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_status_idx ON outbound_calls (type, call_status, outbound_id) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_target_desc_idx ON outbound_calls (type, call_back_date DESC NULLS LAST, outbound_id DESC) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_last_called_desc_idx ON outbound_calls (type, last_access_date DESC NULLS LAST, outbound_id DESC) INCLUDE (branchno)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
