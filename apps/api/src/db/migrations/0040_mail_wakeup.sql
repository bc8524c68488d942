-- The mail worker's wake-up (decision 058): a NOTIFY on channel cc_mail when a message becomes due for a worker to
-- claim: queued (an end call, a resend), or given back by a worker (a send aborted at shutdown or after its lease
-- was lost, or a retry's backoff starting). Every process whose worker is on listens, so mail queued by a process
-- without a worker (MAIL_WORKER=off) is picked up at its commit instead of at the next poll. NOTIFY inside a
-- transaction is delivered at commit, and not at all on rollback; identical notices of one transaction are delivered
-- once. A claim (locked_by set) and a record (sent, failed) notify nothing.
CREATE OR REPLACE FUNCTION mail_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cc_mail', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mail_queued_trg AFTER INSERT ON email_outbox
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION mail_notify();
--> statement-breakpoint
CREATE TRIGGER mail_freed_trg AFTER UPDATE OF status, locked_by ON email_outbox
  FOR EACH ROW WHEN (NEW.status = 'queued' AND NEW.locked_by IS NULL
    AND (OLD.status IS DISTINCT FROM 'queued' OR OLD.locked_by IS NOT NULL))
  EXECUTE FUNCTION mail_notify();
