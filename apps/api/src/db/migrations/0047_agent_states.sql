CREATE TABLE "agent_state_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"reason_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"source" text NOT NULL,
	CONSTRAINT "agent_state_history_state_check" CHECK ("agent_state_history"."state" in ('Ready', 'On call', 'Wrap-up', 'Away', 'Offline')),
	CONSTRAINT "agent_state_history_source_check" CHECK ("agent_state_history"."source" in ('user', 'call', 'phone', 'timer', 'session'))
);
--> statement-breakpoint
CREATE TABLE "agent_states" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"reason_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"wrap_up_until" timestamp with time zone,
	"call_key" text,
	"history_id" bigint NOT NULL,
	CONSTRAINT "agent_states_state_check" CHECK ("agent_states"."state" in ('Ready', 'On call', 'Wrap-up', 'Away', 'Offline'))
);
--> statement-breakpoint
CREATE TABLE "away_reasons" (
	"away_reason_id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_state_history" ADD CONSTRAINT "agent_state_history_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_state_history" ADD CONSTRAINT "agent_state_history_reason_id_away_reasons_away_reason_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."away_reasons"("away_reason_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_reason_id_away_reasons_away_reason_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."away_reasons"("away_reason_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_state_history_user_idx" ON "agent_state_history" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "agent_state_history_started_idx" ON "agent_state_history" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "agent_state_history_state_idx" ON "agent_state_history" USING btree ("state","started_at");--> statement-breakpoint
CREATE INDEX "agent_states_wrap_up_idx" ON "agent_states" USING btree ("wrap_up_until") WHERE "agent_states"."state" = 'Wrap-up';--> statement-breakpoint
-- The away reasons a new installation offers; administrators add, rename, order and retire them (decision 076).
INSERT INTO "away_reasons" ("description", "sort_order") VALUES
  ('Break', 10), ('Lunch', 20), ('Meeting', 30), ('Training', 40), ('Coaching', 50), ('Personal', 60);
--> statement-breakpoint
-- Every recorded change of an agent state tells the supervisor's floor (decision 035's channel) at commit.
CREATE TRIGGER floor_agent_state_history_trg AFTER INSERT ON agent_state_history
  FOR EACH STATEMENT EXECUTE FUNCTION floor_notify();
