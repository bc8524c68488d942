CREATE TABLE "customers" (
	"customer_id" bigserial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"branchno" text NOT NULL,
	"customer_type" text NOT NULL,
	"status" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"pre_dir" text DEFAULT '' NOT NULL,
	"street_no" text DEFAULT '' NOT NULL,
	"street_nm" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"post_dir" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"full_address" text DEFAULT '' NOT NULL,
	"lawn_size" numeric(8, 2) DEFAULT '0' NOT NULL,
	"home_phone" text DEFAULT '' NOT NULL,
	"work_phone" text DEFAULT '' NOT NULL,
	"cell_phone" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"federal_do_not_call" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"zip" text NOT NULL,
	"branchno" text NOT NULL,
	CONSTRAINT "service_areas_zip_branchno_pk" PRIMARY KEY("zip","branchno")
);
--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_sqldbid_customer_no_idx" ON "customers" USING btree ("sqldbid","customer_no");--> statement-breakpoint
CREATE INDEX "customers_branch_customer_no_idx" ON "customers" USING btree ("branchno","customer_no");--> statement-breakpoint
CREATE INDEX "customers_customer_no_idx" ON "customers" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "service_areas_branch_idx" ON "service_areas" USING btree ("branchno");