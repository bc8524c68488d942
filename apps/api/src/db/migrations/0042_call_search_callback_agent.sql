-- The call search's agent is the call's callback CSR, as administration.md §7 filters (callBackCSR) and §3's row
-- names it (callBackCSRName); the CSR who last worked the call stays as a second column (decision 062). A call that
-- ends (status End) is complete, and every way of completing a call records who (the callback CSR) and when (the last
-- access); blank values sort last both ways. The search keeps its design (decisions 039, 046, 047): an index in the
-- grid's order for every sort, the filter columns INCLUDEd, counts kept by statement triggers.
ALTER TABLE "outbound_calls" ADD COLUMN IF NOT EXISTS "call_back_csr_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The name of the call's callback CSR, kept as the last worker's is (migration 0035): row-level and BEFORE, so the
-- name goes into the row being written; inserts without a callback CSR (the CSV import) do not call it.
CREATE OR REPLACE FUNCTION outbound_cb_name_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.call_back_csr_name := coalesce(
    (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.user_id = NEW.call_back_csr), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_cb_name_insert_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_cb_name_insert_trg BEFORE INSERT ON outbound_calls FOR EACH ROW
  WHEN (NEW.call_back_csr IS NOT NULL OR NEW.call_back_csr_name <> '')
  EXECUTE FUNCTION outbound_cb_name_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_cb_name_update_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_cb_name_update_trg BEFORE UPDATE OF call_back_csr, call_back_csr_name, deleted_at
  ON outbound_calls FOR EACH ROW
  WHEN (NEW.call_back_csr IS DISTINCT FROM OLD.call_back_csr
    OR NEW.call_back_csr_name IS DISTINCT FROM OLD.call_back_csr_name
    OR (OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL))
  EXECUTE FUNCTION outbound_cb_name_trigger();
--> statement-breakpoint
-- A user renamed: its calls not deleted take the new name in both columns, in the rename's transaction.
CREATE OR REPLACE FUNCTION users_name_to_calls_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outbound_calls SET last_access_csr_name = NEW.first_name || ' ' || NEW.last_name
    WHERE last_access_csr = NEW.user_id AND deleted_at IS NULL
      AND last_access_csr_name <> NEW.first_name || ' ' || NEW.last_name;
  UPDATE outbound_calls SET call_back_csr_name = NEW.first_name || ' ' || NEW.last_name
    WHERE call_back_csr = NEW.user_id AND deleted_at IS NULL
      AND call_back_csr_name <> NEW.first_name || ' ' || NEW.last_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A call whose status is End has ended: it is complete and leaves its list, whoever writes it (the end call, the
-- call-status call, the demo data), so a list never serves an ended call as its next call. New, Callback and Cancel
-- (opened and cancelled: not yet called) stay listed.
CREATE OR REPLACE FUNCTION outbound_end_completes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.call_complete := true;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_end_completes_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_end_completes_trg BEFORE INSERT OR UPDATE OF call_status, call_complete ON outbound_calls
  FOR EACH ROW WHEN (NEW.call_status = 'End' AND NOT NEW.call_complete)
  EXECUTE FUNCTION outbound_end_completes_trigger();
--> statement-breakpoint
-- The counts kept in advance (migration 0037) group by the callback CSR instead of the last worker: the agent the
-- search filters on.
ALTER TABLE call_search_counts RENAME COLUMN last_access_csr TO call_back_csr;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_search_counts_add(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO call_search_counts AS k (grain, call_complete, type, day, branchno, call_back_csr, n)
    SELECT CASE WHEN grouping(d.day) = 0 THEN 1 WHEN grouping(d.branchno) = 0 THEN 2 ELSE 3 END,
        d.call_complete, d.type, d.day, d.branchno, d.call_back_csr, sum(d.delta)::int
      FROM (%s) d
      GROUP BY GROUPING SETS ((d.call_complete, d.type, d.day), (d.call_complete, d.branchno),
        (d.call_complete, d.call_back_csr))
      HAVING sum(d.delta) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT call_search_counts_key DO UPDATE SET n = k.n + excluded.n$q$, source)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_search_counts_rows(rows text, delta int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT call_complete, type, (last_access_date AT TIME ZONE %L)::date AS day, branchno,
      call_back_csr, %s AS delta FROM %I WHERE deleted_at IS NULL', 'America/Chicago', delta, rows)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE call_search_counts_add(call_search_counts_rows('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE call_search_counts_add(call_search_counts_rows('old_rows', -1));
  ELSIF EXISTS (
      SELECT call_complete, type, (last_access_date AT TIME ZONE 'America/Chicago')::date, branchno, call_back_csr,
          deleted_at IS NULL
        FROM new_rows
      EXCEPT ALL
      SELECT call_complete, type, (last_access_date AT TIME ZONE 'America/Chicago')::date, branchno, call_back_csr,
          deleted_at IS NULL
        FROM old_rows)
  THEN
    -- An update has as many new rows as old ones: nothing of the new left over means the same multiset.
    EXECUTE call_search_counts_add(call_search_counts_rows('new_rows', 1) || ' UNION ALL '
      || call_search_counts_rows('old_rows', -1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The calls there are: an ended call left open by the old rule is complete; a completed call without a callback CSR
-- takes the CSR who worked it last, the best record of who completed it (an old Mark List Complete recorded nobody).
UPDATE outbound_calls SET call_complete = true WHERE call_status = 'End' AND NOT call_complete;
--> statement-breakpoint
UPDATE outbound_calls SET call_back_csr = last_access_csr
  WHERE call_complete AND call_back_csr IS NULL AND last_access_csr IS NOT NULL;
--> statement-breakpoint
ALTER TABLE outbound_calls DISABLE TRIGGER outbound_counts_trg;
--> statement-breakpoint
UPDATE outbound_calls o SET call_back_csr_name = u.first_name || ' ' || u.last_name
  FROM users u WHERE u.user_id = o.call_back_csr AND o.call_back_csr_name <> u.first_name || ' ' || u.last_name;
--> statement-breakpoint
ALTER TABLE outbound_calls ENABLE TRIGGER outbound_counts_trg;
--> statement-breakpoint
TRUNCATE call_search_counts;
--> statement-breakpoint
DO $$ BEGIN EXECUTE call_search_counts_add(call_search_counts_rows('outbound_calls', 1)); END $$;
--> statement-breakpoint
-- The indexes of the sorts whose values may be blank (names), and of the agent filter, replaced: a blank name is
-- sorted as null, last both ways, so each has an index a direction (as the customer number has, migration 0036).
DROP INDEX IF EXISTS outbound_cs_last_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_first_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_agent_name_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_agent_name_csr_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS outbound_cs_agent_date_idx;
--> statement-breakpoint
-- The agent filter (the callback CSR), newest first (0036's agent index, on the callback CSR).
CREATE INDEX IF NOT EXISTS outbound_cs_cb_date_idx ON outbound_calls (call_complete, call_back_csr, last_access_date DESC NULLS LAST, outbound_id DESC NULLS LAST) INCLUDE (branchno, type, last_access_csr) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_last_name_asc_idx ON outbound_calls (call_complete, nullif(last_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_last_name_desc_idx ON outbound_calls (call_complete, nullif(last_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_first_name_asc_idx ON outbound_calls (call_complete, nullif(first_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_first_name_desc_idx ON outbound_calls (call_complete, nullif(first_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_worker_name_asc_idx ON outbound_calls (call_complete, nullif(last_access_csr_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_worker_name_desc_idx ON outbound_calls (call_complete, nullif(last_access_csr_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_cb_name_asc_idx ON outbound_calls (call_complete, nullif(call_back_csr_name, '') ASC NULLS LAST, outbound_id ASC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_cs_cb_name_desc_idx ON outbound_calls (call_complete, nullif(call_back_csr_name, '') DESC NULLS LAST, outbound_id DESC) INCLUDE (type, last_access_date, last_access_csr, call_back_csr, branchno) WHERE deleted_at IS NULL;
