ALTER TABLE "call_locks" ADD COLUMN "session_hash" text;--> statement-breakpoint
CREATE INDEX "call_locks_session_idx" ON "call_locks" USING btree ("session_hash");