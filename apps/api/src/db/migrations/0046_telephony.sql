CREATE TABLE "telephony_events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"type" text NOT NULL,
	"phone_call_id" text NOT NULL,
	"ani" text NOT NULL,
	"dnis" text DEFAULT '' NOT NULL,
	"agent" text NOT NULL,
	"user_id" integer,
	"event_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"customers" integer
);
--> statement-breakpoint
ALTER TABLE "call_history" ADD COLUMN "phone_call_id" text;--> statement-breakpoint
ALTER TABLE "telephony_events" ADD CONSTRAINT "telephony_events_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telephony_events_signature_idx" ON "telephony_events" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "telephony_events_call_idx" ON "telephony_events" USING btree ("phone_call_id","event_time");--> statement-breakpoint
CREATE INDEX "telephony_events_user_idx" ON "telephony_events" USING btree ("user_id","event_time") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "call_history_phone_call_idx" ON "call_history" USING btree ("phone_call_id") WHERE phone_call_id is not null;