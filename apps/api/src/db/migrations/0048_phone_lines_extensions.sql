CREATE TABLE "phone_lines" (
	"phone_line_id" serial PRIMARY KEY NOT NULL,
	"dnis" text NOT NULL,
	"branchno" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extension" text;--> statement-breakpoint
ALTER TABLE "phone_lines" ADD CONSTRAINT "phone_lines_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_lines_dnis_idx" ON "phone_lines" USING btree ("dnis");--> statement-breakpoint
CREATE INDEX "phone_lines_branch_idx" ON "phone_lines" USING btree ("branchno");--> statement-breakpoint
CREATE UNIQUE INDEX "users_extension_idx" ON "users" USING btree ("extension") WHERE extension is not null and active;--> statement-breakpoint
-- Every recorded change of a user's agent state tells that user's open browsers at commit (the header follows a phone
-- event or the Wrap-up's end without a reload): the payload is the user id, so a transaction that changes one user
-- several times is heard once (docs/decisions/081-phone-lines-extensions-live-state.md).
CREATE OR REPLACE FUNCTION agent_state_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cc_agent_state', NEW.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agent_state_history_user_trg AFTER INSERT ON agent_state_history
  FOR EACH ROW EXECUTE FUNCTION agent_state_notify();
