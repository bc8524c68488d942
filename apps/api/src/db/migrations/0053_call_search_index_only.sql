-- The call search's name sorts read their indexes alone (docs/decisions/098-call-search-index-only-names.md): an index
-- on nullif(name, '') cannot answer an index-only scan, since PostgreSQL wants the column itself, so every entry it
-- walked past (a filter on an agent or a branch) fetched its row from the table. Each holds the name it sorts as well.
DROP INDEX IF EXISTS outbound_cs_last_name_asc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_last_name_asc_idx ON outbound_calls (call_complete, nullif(last_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (last_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_last_name_desc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_last_name_desc_idx ON outbound_calls (call_complete, nullif(last_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (last_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_first_name_asc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_first_name_asc_idx ON outbound_calls (call_complete, nullif(first_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (first_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_first_name_desc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_first_name_desc_idx ON outbound_calls (call_complete, nullif(first_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (first_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_worker_name_asc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_worker_name_asc_idx ON outbound_calls (call_complete, nullif(last_access_csr_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (last_access_csr_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_worker_name_desc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_worker_name_desc_idx ON outbound_calls (call_complete, nullif(last_access_csr_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (last_access_csr_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_cb_name_asc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_cb_name_asc_idx ON outbound_calls (call_complete, nullif(call_back_csr_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (call_back_csr_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_cb_name_desc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_cb_name_desc_idx ON outbound_calls (call_complete, nullif(call_back_csr_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (call_back_csr_name, type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- One agent's calls in the order of their key (sorted by outbound id, or by the agent's own name:
-- docs/decisions/062-call-search-agent-and-completion.md) from that agent's first call: the callback CSR's index, which
-- the own-calls search reads too, holds completion and the key after it. The key's own index, walked with the agent as
-- a filter, passed every call made before that agent's first one.
DROP INDEX IF EXISTS outbound_search_callback_csr_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_search_callback_csr_idx ON outbound_calls (call_back_csr, call_complete, outbound_id) WHERE deleted_at IS NULL;
