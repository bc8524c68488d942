-- The call search's counts kept in advance (decision 047), as measureit_counts keeps the MeasureIt
-- search's (migration 0034): the calls not deleted, by completion and one of three groupings — call type and day of
-- the last access (the call centre's day, America/Chicago, as the search's whole-day filters mean it), branch, and the
-- agent who worked the call last. A search by the screen's usual filters (a date range and types, a branch, an agent,
-- completion) is counted by summing a few of these rows, exactly, however many calls match; any other search counts
-- its matches up to the limit (decision 039). Kept by statement triggers from the transition tables, so an import of
-- 100,000 rows updates a few hundred rows here once.
CREATE TABLE IF NOT EXISTS call_search_counts (
  -- 1: type and day; 2: branch; 3: agent. The columns of the other groupings are null.
  grain smallint NOT NULL,
  call_complete boolean NOT NULL,
  type text,
  day date,
  branchno text,
  last_access_csr integer,
  n integer NOT NULL,
  CONSTRAINT call_search_counts_key UNIQUE NULLS NOT DISTINCT (grain, call_complete, type, day, branchno, last_access_csr)
);
--> statement-breakpoint
-- The statement that adds a change to the counts: rows of (completion, type, day, branch, agent, +1/-1) from the SQL
-- in `source`, summed into the three groupings. Run by the trigger function itself (EXECUTE), the only place that
-- sees the statement's transition tables.
CREATE OR REPLACE FUNCTION call_search_counts_add(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO call_search_counts AS k (grain, call_complete, type, day, branchno, last_access_csr, n)
    SELECT CASE WHEN grouping(d.day) = 0 THEN 1 WHEN grouping(d.branchno) = 0 THEN 2 ELSE 3 END,
        d.call_complete, d.type, d.day, d.branchno, d.last_access_csr, sum(d.delta)::int
      FROM (%s) d
      GROUP BY GROUPING SETS ((d.call_complete, d.type, d.day), (d.call_complete, d.branchno),
        (d.call_complete, d.last_access_csr))
      HAVING sum(d.delta) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT call_search_counts_key DO UPDATE SET n = k.n + excluded.n$q$, source)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_search_counts_rows(rows text, delta int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT call_complete, type, (last_access_date AT TIME ZONE %L)::date AS day, branchno,
      last_access_csr, %s AS delta FROM %I WHERE deleted_at IS NULL', 'America/Chicago', delta, rows)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE call_search_counts_add(call_search_counts_rows('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE call_search_counts_add(call_search_counts_rows('old_rows', -1));
  ELSIF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (outbound_id)
      WHERE (o.call_complete, o.type, o.last_access_date, o.branchno, o.last_access_csr, o.deleted_at IS NULL)
        IS DISTINCT FROM (n.call_complete, n.type, n.last_access_date, n.branchno, n.last_access_csr, n.deleted_at IS NULL))
  THEN
    -- Only when a counted column changed: most updates of a call (its lock, attempts, notes) change none.
    EXECUTE call_search_counts_add(call_search_counts_rows('new_rows', 1) || ' UNION ALL '
      || call_search_counts_rows('old_rows', -1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_search_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE call_search_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS call_search_counts_insert_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER call_search_counts_insert_trg AFTER INSERT ON outbound_calls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_search_counts_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS call_search_counts_update_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER call_search_counts_update_trg AFTER UPDATE ON outbound_calls
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_search_counts_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS call_search_counts_delete_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER call_search_counts_delete_trg AFTER DELETE ON outbound_calls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_search_counts_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS call_search_counts_truncate_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER call_search_counts_truncate_trg AFTER TRUNCATE ON outbound_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_search_counts_clear();
--> statement-breakpoint
TRUNCATE call_search_counts;
--> statement-breakpoint
DO $$ BEGIN EXECUTE call_search_counts_add(call_search_counts_rows('outbound_calls', 1)); END $$;
