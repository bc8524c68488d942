CREATE TABLE "hot_prospect_configs" (
	"branchno" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"email_addresses" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_follow_up_configs" (
	"branchno" text PRIMARY KEY NOT NULL,
	"inbound_follow_up_start" text DEFAULT '08:00' NOT NULL,
	"inbound_follow_up_end" text DEFAULT '17:00' NOT NULL,
	"cc_email_addresses" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hot_prospect_configs" ADD CONSTRAINT "hot_prospect_configs_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_follow_up_configs" ADD CONSTRAINT "inbound_follow_up_configs_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;