-- The supervisor's reports (docs/decisions/083-report-indexes-and-bench.md): the calls ended in a range, and the
-- agent states whose span meets a range however long before it they began.
CREATE INDEX "call_history_end_idx" ON "call_history" USING btree ("call_end") WHERE call_end is not null;--> statement-breakpoint
CREATE INDEX "agent_state_history_span_idx" ON "agent_state_history" USING gist (tstzrange("started_at", coalesce("ended_at", 'infinity'::timestamptz), '[]')) WHERE "agent_state_history"."state" <> 'Offline';
