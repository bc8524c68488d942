-- The call search's counts (migration 0037, decision 047): whether an update changed what is counted is now asked of
-- the statement's rows as two multisets, not by joining its old rows to its new ones. PL/pgSQL keeps the plan of a
-- query it runs in a connection, made at the query's first run: after a one-row update (the usual write: a call's
-- lock, attempts, notes) that plan was a nested loop, and a later update of 60,000 rows in the same connection
-- compared every old row with every new one (the bench's load sat in it for over ten minutes). EXCEPT ALL is a hash
-- or a sort whatever the sizes, and it is exactly the question: the counts change only when the multiset of counted
-- values does (two calls that swap types change nothing). The values compared are the counted ones — the day, not
-- the time of the last access — so working a call again on the same day no longer adds a change of zero.
CREATE OR REPLACE FUNCTION call_search_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE call_search_counts_add(call_search_counts_rows('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE call_search_counts_add(call_search_counts_rows('old_rows', -1));
  ELSIF EXISTS (
      SELECT call_complete, type, (last_access_date AT TIME ZONE 'America/Chicago')::date, branchno, last_access_csr,
          deleted_at IS NULL
        FROM new_rows
      EXCEPT ALL
      SELECT call_complete, type, (last_access_date AT TIME ZONE 'America/Chicago')::date, branchno, last_access_csr,
          deleted_at IS NULL
        FROM old_rows)
  THEN
    -- An update has as many new rows as old ones: nothing of the new left over means the same multiset.
    EXECUTE call_search_counts_add(call_search_counts_rows('new_rows', 1) || ' UNION ALL '
      || call_search_counts_rows('old_rows', -1));
  END IF;
  RETURN NULL;
END $$;
