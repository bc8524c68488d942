CREATE TABLE "stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_tickets_expires_idx" ON "stream_tickets" USING btree ("expires_at");--> statement-breakpoint
-- The supervisor's floor view (decision 035): a NOTIFY on channel cc_floor when a call opens or ends, or a list count
-- moves. NOTIFY inside a transaction is delivered at commit, and not at all on rollback; identical notices of one
-- transaction are delivered once. A lock's heartbeat (an UPDATE of heartbeat_at only) notifies nothing.
CREATE OR REPLACE FUNCTION floor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cc_floor', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER floor_call_locks_trg AFTER INSERT OR DELETE ON call_locks
  FOR EACH STATEMENT EXECUTE FUNCTION floor_notify();
--> statement-breakpoint
CREATE TRIGGER floor_call_locks_holder_trg AFTER UPDATE ON call_locks
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.locked_at IS DISTINCT FROM NEW.locked_at
    OR OLD.call_type IS DISTINCT FROM NEW.call_type OR OLD.session_id IS DISTINCT FROM NEW.session_id)
  EXECUTE FUNCTION floor_notify();
--> statement-breakpoint
CREATE TRIGGER floor_call_history_trg AFTER INSERT OR DELETE OR UPDATE OF call_result, call_start, call_end, csuser_id, branchno
  ON call_history FOR EACH STATEMENT EXECUTE FUNCTION floor_notify();
--> statement-breakpoint
CREATE TRIGGER floor_outbound_counts_trg AFTER INSERT OR UPDATE OR DELETE ON outbound_counts
  FOR EACH STATEMENT EXECUTE FUNCTION floor_notify();
