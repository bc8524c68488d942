-- The order counts of All Quotes are kept at commit instead of at each write. An immediate trigger locked the
-- count row of (branch, status) from the order's insert until the end-call transaction committed, so the end-calls
-- of one branch ran one after another (bench/README.md). As a deferred constraint trigger the count is changed
-- when the transaction commits, holding that row only for the commit; each row event still carries its own OLD
-- and NEW, so several changes of one order in one transaction add up to the same counts.
DROP TRIGGER IF EXISTS order_counts_trg ON orders;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_counts_trg AFTER INSERT OR UPDATE OF branchno, order_status OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION order_counts_trigger();
