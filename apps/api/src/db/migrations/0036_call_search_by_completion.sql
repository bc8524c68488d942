-- The call search's indexes led by call_complete (decision 046). The screen shows completed calls
-- unless "show uncompleted" is on, and the open lists (calls not yet made: no agent, often no date) sat in the same
-- indexes: a page by agent name walked 500,000 open calls with an empty name before the first completed one (35 ms),
-- a page by type read every open call of the type (7 ms), and a count dropped them one by one. Led by completion,
-- a completed-only search reads completed calls alone; with "show uncompleted" on, the search reads the completed and
-- the open calls as two walks of the same index, merged (call-search/service.ts). Each index replaces one of
-- migrations 0027, 0029 and 0035 one for one (their column order and INCLUDEs, completion in front), so a call written
-- updates as many index entries as before.
DROP INDEX IF EXISTS outbound_search_type_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_search_agent_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_search_branch_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_search_recent_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_last_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_first_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_cust_no_asc_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_cust_no_desc_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_type_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_branch_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_complete_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_date_asc_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_agent_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_sort_agent_name_csr_idx;
--> statement-breakpoint
-- The screen's filters, newest first within each (0027).
CREATE INDEX IF NOT EXISTS outbound_cs_type_date_idx ON outbound_calls (call_complete, type, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (branchno, last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_agent_date_idx ON outbound_calls (call_complete, last_access_csr, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (branchno, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_branch_date_idx ON outbound_calls (call_complete, branchno, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_date_desc_idx ON outbound_calls (call_complete, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (type, branchno, last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The grid's other orders (0029, 0035), the filter columns INCLUDEd.
CREATE INDEX IF NOT EXISTS outbound_cs_date_asc_idx ON outbound_calls (call_complete, last_access_date ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_last_name_idx ON outbound_calls (call_complete, last_name, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_first_name_idx ON outbound_calls (call_complete, first_name, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_cust_no_asc_idx ON outbound_calls (call_complete, cust_no ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_cust_no_desc_idx ON outbound_calls (call_complete, cust_no DESC NULLS LAST, outbound_id DESC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_type_idx ON outbound_calls (call_complete, type, outbound_id) INCLUDE (last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_branch_idx ON outbound_calls (call_complete, branchno, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_id_idx ON outbound_calls (call_complete, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_agent_name_idx ON outbound_calls (call_complete, last_access_csr_name, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_agent_name_csr_idx ON outbound_calls (call_complete, last_access_csr, last_access_csr_name, outbound_id) INCLUDE (type, last_access_date, call_back_csr, branchno) WHERE deleted_at IS NULL;
