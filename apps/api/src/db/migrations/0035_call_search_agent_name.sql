-- The call search sorted by the agent's name from an index too (decision 039). The name was a
-- joined user's (`users a` of the grid's FROM): no index of outbound_calls is in its order, so a page sorted by it read
-- and sorted every match (66 ms a page for the usual filters at 2,000,000 calls, 0.4 s for all of them). Each call now
-- keeps its last CSR's name, exactly what the grid showed: first name, a space, last name; '' without a CSR (never
-- null, so one index serves both directions, as for last name in migration 0029).
ALTER TABLE "outbound_calls" ADD COLUMN "last_access_csr_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The name of a call's CSR now. Row-level and BEFORE: the name goes into the row being written (an AFTER trigger,
-- even per statement, would write every row twice). Inserts without a CSR (the CSV import: every row) do not call it
-- (the trigger's WHEN); an insert with CSRs pays one primary-key read of users a row.
CREATE OR REPLACE FUNCTION outbound_csr_name_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_access_csr_name := coalesce(
    (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.user_id = NEW.last_access_csr), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_csr_name_insert_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_csr_name_insert_trg BEFORE INSERT ON outbound_calls FOR EACH ROW
  WHEN (NEW.last_access_csr IS NOT NULL OR NEW.last_access_csr_name <> '')
  EXECUTE FUNCTION outbound_csr_name_trigger();
--> statement-breakpoint
-- A call given to another CSR, a name written by hand (set back), and a deleted call restored (a rename updates only
-- the calls not deleted: those the search finds, by the sort's index).
DROP TRIGGER IF EXISTS outbound_csr_name_update_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_csr_name_update_trg BEFORE UPDATE OF last_access_csr, last_access_csr_name, deleted_at
  ON outbound_calls FOR EACH ROW
  WHEN (NEW.last_access_csr IS DISTINCT FROM OLD.last_access_csr
    OR NEW.last_access_csr_name IS DISTINCT FROM OLD.last_access_csr_name
    OR (OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL))
  EXECUTE FUNCTION outbound_csr_name_trigger();
--> statement-breakpoint
-- A user renamed: its calls not deleted take the new name, in the rename's transaction (renames are rare; a busy
-- agent's 70,000 calls are one indexed update).
CREATE OR REPLACE FUNCTION users_name_to_calls_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbound_calls SET last_access_csr_name = NEW.first_name || ' ' || NEW.last_name
    WHERE last_access_csr = NEW.user_id AND deleted_at IS NULL
      AND last_access_csr_name <> NEW.first_name || ' ' || NEW.last_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_name_to_calls_trg ON users;
--> statement-breakpoint
CREATE TRIGGER users_name_to_calls_trg AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION users_name_to_calls_trigger();
--> statement-breakpoint
-- The calls there are, deleted or not. The counts of the lists do not read the name: their row trigger is off meanwhile
-- (2,000,000 calls of it for nothing).
ALTER TABLE outbound_calls DISABLE TRIGGER outbound_counts_trg;
--> statement-breakpoint
UPDATE outbound_calls o SET last_access_csr_name = u.first_name || ' ' || u.last_name
  FROM users u WHERE u.user_id = o.last_access_csr;
--> statement-breakpoint
ALTER TABLE outbound_calls ENABLE TRIGGER outbound_counts_trg;
--> statement-breakpoint
-- The grid's order for the agent's name (migration 0029): never empty-as-null, so a backward scan serves descending.
CREATE INDEX IF NOT EXISTS outbound_sort_agent_name_idx ON outbound_calls (last_access_csr_name, outbound_id) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Filtered by an agent, every match has that agent's name: the index above would be walked past every other agent's
-- calls first (the whole index, for a name at the far end). Led by the agent, the index gives the same order.
CREATE INDEX IF NOT EXISTS outbound_sort_agent_name_csr_idx ON outbound_calls (last_access_csr, last_access_csr_name, outbound_id) INCLUDE (type, last_access_date, call_back_csr, branchno, call_complete) WHERE deleted_at IS NULL;
