-- The call search sorted by any column (decision 039). A page is chosen from the ids of its
-- matches first; with an index in the grid's order for the sort, PostgreSQL walks it in that order, keeps the rows
-- that pass the filter from the index alone (the screen's filter columns are INCLUDEd) and stops after the page, where
-- it read and sorted every match before (a busy agent's 70,000 calls by last name: 335 ms → 11 ms). The grid's
-- order is the field then the outbound id in the same direction, empty values last both ways: a never-empty field's
-- index serves both directions (a backward scan), a nullable one needs one index a direction. A sort by agent name
-- (a joined user's name) has no index: it reads its matches, which the filters keep few.
CREATE INDEX IF NOT EXISTS outbound_sort_last_name_idx ON outbound_calls (last_name, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_sort_first_name_idx ON outbound_calls (first_name, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_sort_cust_no_asc_idx ON outbound_calls (cust_no ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_sort_cust_no_desc_idx ON outbound_calls (cust_no DESC NULLS LAST, outbound_id DESC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_sort_type_idx ON outbound_calls (type, outbound_id) INCLUDE (last_access_date, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_sort_branch_idx ON outbound_calls (branchno, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_sort_complete_idx ON outbound_calls (call_complete, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Newest first is outbound_search_recent_idx (migration 0027); oldest first, empty last, is this one.
CREATE INDEX IF NOT EXISTS outbound_sort_date_asc_idx ON outbound_calls (last_access_date ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
