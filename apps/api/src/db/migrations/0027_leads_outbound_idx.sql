CREATE INDEX "leads_outbound_idx" ON "leads" USING btree ("outbound_id");--> statement-breakpoint
-- The call search (decision 033): the screen filters by call type and last-accessed days, by the
-- agent who last worked the call, or by branch, and opens newest first. Each index seeks one of those filters within
-- a range of last_access_date, newest first as the grid orders it (DESC NULLS LAST, the key last in the same
-- direction), and covers what the count reads (call_complete, and the columns of the users joined to a row, which
-- PostgreSQL wants from the index even when it removes the joins), so $count is an index-only scan.
CREATE INDEX IF NOT EXISTS outbound_search_type_idx ON outbound_calls (type, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (call_complete, branchno, last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_search_agent_idx ON outbound_calls (last_access_csr, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (call_complete, branchno, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_search_branch_idx ON outbound_calls (branchno, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (call_complete, last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- The screen's first view: every completed call, newest first.
CREATE INDEX IF NOT EXISTS outbound_search_recent_idx ON outbound_calls (last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (call_complete, type, branchno, last_access_csr, call_back_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Without CallSearch.AllAgents a user finds the calls it worked last or holds as a callback.
CREATE INDEX IF NOT EXISTS outbound_search_callback_csr_idx ON outbound_calls (call_back_csr) WHERE deleted_at IS NULL;
