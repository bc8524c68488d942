CREATE TABLE "demo_data" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL,
	"seed" integer,
	"customers" integer,
	CONSTRAINT "demo_data_singleton" CHECK ("demo_data"."singleton")
);
--> statement-breakpoint
-- A database loaded before this record existed: the old load was one transaction too, so brands mean it completed.
INSERT INTO "demo_data" ("loaded_at") SELECT now() WHERE EXISTS (SELECT 1 FROM "brands") AND EXISTS (SELECT 1 FROM "users");
