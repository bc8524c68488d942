CREATE TABLE "franchise_configs" (
	"sqldbid" integer PRIMARY KEY NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"office_hours" text DEFAULT '' NOT NULL,
	"web_leads_start" text DEFAULT '08:00' NOT NULL,
	"web_leads_end" text DEFAULT '17:00' NOT NULL,
	"cc_email_addresses" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "autopay_enrolled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "autopay_enabled" boolean DEFAULT false NOT NULL;