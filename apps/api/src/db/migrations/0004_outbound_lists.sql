-- Outbound lists: a row is listed while not complete, not deleted, with a real customer number and, for
-- property evaluation, with evaluation enabled. The same predicate is in features/outbound/lists.ts.
CREATE INDEX IF NOT EXISTS outbound_listed_branch_idx ON outbound_calls (type, branchno, call_back_date, outbound_id)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbound_listed_target_idx ON outbound_calls (type, call_back_date, outbound_id)
  WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outbound_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_listed boolean := false;
  new_listed boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_listed := NOT OLD.call_complete AND OLD.deleted_at IS NULL AND OLD.cust_no IS NOT NULL AND OLD.cust_no <> -1
      AND (OLD.type <> 'PropertyEval' OR OLD.enable_prop_eval);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_listed := NOT NEW.call_complete AND NEW.deleted_at IS NULL AND NEW.cust_no IS NOT NULL AND NEW.cust_no <> -1
      AND (NEW.type <> 'PropertyEval' OR NEW.enable_prop_eval);
  END IF;
  IF old_listed AND (NOT new_listed OR OLD.branchno IS DISTINCT FROM NEW.branchno OR OLD.type IS DISTINCT FROM NEW.type) THEN
    UPDATE outbound_counts SET n = n - 1 WHERE branchno = OLD.branchno AND type = OLD.type;
  END IF;
  IF new_listed AND (NOT old_listed OR OLD.branchno IS DISTINCT FROM NEW.branchno OR OLD.type IS DISTINCT FROM NEW.type) THEN
    INSERT INTO outbound_counts (branchno, type, n) VALUES (NEW.branchno, NEW.type, 1)
      ON CONFLICT (branchno, type) DO UPDATE SET n = outbound_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_counts_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_counts_trg AFTER INSERT OR UPDATE OR DELETE ON outbound_calls
  FOR EACH ROW EXECUTE FUNCTION outbound_counts_trigger();
--> statement-breakpoint
-- Recount everything: after a bulk load with the trigger disabled.
CREATE OR REPLACE FUNCTION outbound_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM outbound_counts;
  INSERT INTO outbound_counts (branchno, type, n)
    SELECT branchno, type, count(*) FROM outbound_calls
    WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1 AND (type <> 'PropertyEval' OR enable_prop_eval)
    GROUP BY branchno, type;
$$;
