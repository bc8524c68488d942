CREATE TABLE "address_measurements" (
	"address_measurement_id" bigserial PRIMARY KEY NOT NULL,
	"branchno" text NOT NULL,
	"last_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"square_feet" numeric(12, 2),
	"image_path" text DEFAULT '' NOT NULL,
	"shapes" jsonb,
	"not_measured_reason_id" integer,
	"external_measurement_source_id" integer,
	"active_user_id" integer,
	"active_since" timestamp with time zone,
	"complete" boolean DEFAULT false NOT NULL,
	"measurement_date" timestamp with time zone,
	"measured_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commercial_leads" (
	"commercial_lead_id" bigserial PRIMARY KEY NOT NULL,
	"branchno" text NOT NULL,
	"business_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"last_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"square_feet" numeric(12, 2),
	"image_path" text DEFAULT '' NOT NULL,
	"shapes" jsonb,
	"not_measured_reason_id" integer,
	"external_measurement_source_id" integer,
	"active_user_id" integer,
	"active_since" timestamp with time zone,
	"complete" boolean DEFAULT false NOT NULL,
	"measurement_date" timestamp with time zone,
	"measured_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_measurement_sources" (
	"external_measurement_source_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "external_measurement_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "measured_properties" (
	"property_id" bigserial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"branchno" text NOT NULL,
	"customer_no" integer,
	"neighbor_of_customer_no" integer,
	"is_neighbor" boolean DEFAULT false NOT NULL,
	"year_built" integer,
	"proximity" integer,
	"status_date" date,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"square_feet" numeric(12, 2),
	"image_path" text DEFAULT '' NOT NULL,
	"shapes" jsonb,
	"not_measured_reason_id" integer,
	"external_measurement_source_id" integer,
	"active_user_id" integer,
	"active_since" timestamp with time zone,
	"complete" boolean DEFAULT false NOT NULL,
	"measurement_date" timestamp with time zone,
	"measured_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "not_measured_reasons" (
	"not_measured_reason_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "not_measured_reasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "property_measurements" (
	"measurement_id" bigserial PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"square_feet" numeric(12, 2),
	"shapes" jsonb,
	"image_path" text DEFAULT '' NOT NULL,
	"not_measured_reason_id" integer,
	"external_measurement_source_id" integer
);
--> statement-breakpoint
ALTER TABLE "address_measurements" ADD CONSTRAINT "address_measurements_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_measurements" ADD CONSTRAINT "address_measurements_not_measured_reason_id_not_measured_reasons_not_measured_reason_id_fk" FOREIGN KEY ("not_measured_reason_id") REFERENCES "public"."not_measured_reasons"("not_measured_reason_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_measurements" ADD CONSTRAINT "address_measurements_external_measurement_source_id_external_measurement_sources_external_measurement_source_id_fk" FOREIGN KEY ("external_measurement_source_id") REFERENCES "public"."external_measurement_sources"("external_measurement_source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_measurements" ADD CONSTRAINT "address_measurements_active_user_id_users_user_id_fk" FOREIGN KEY ("active_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_measurements" ADD CONSTRAINT "address_measurements_measured_by_user_id_users_user_id_fk" FOREIGN KEY ("measured_by_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_leads" ADD CONSTRAINT "commercial_leads_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_leads" ADD CONSTRAINT "commercial_leads_not_measured_reason_id_not_measured_reasons_not_measured_reason_id_fk" FOREIGN KEY ("not_measured_reason_id") REFERENCES "public"."not_measured_reasons"("not_measured_reason_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_leads" ADD CONSTRAINT "commercial_leads_external_measurement_source_id_external_measurement_sources_external_measurement_source_id_fk" FOREIGN KEY ("external_measurement_source_id") REFERENCES "public"."external_measurement_sources"("external_measurement_source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_leads" ADD CONSTRAINT "commercial_leads_active_user_id_users_user_id_fk" FOREIGN KEY ("active_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_leads" ADD CONSTRAINT "commercial_leads_measured_by_user_id_users_user_id_fk" FOREIGN KEY ("measured_by_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measured_properties" ADD CONSTRAINT "measured_properties_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measured_properties" ADD CONSTRAINT "measured_properties_not_measured_reason_id_not_measured_reasons_not_measured_reason_id_fk" FOREIGN KEY ("not_measured_reason_id") REFERENCES "public"."not_measured_reasons"("not_measured_reason_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measured_properties" ADD CONSTRAINT "measured_properties_external_measurement_source_id_external_measurement_sources_external_measurement_source_id_fk" FOREIGN KEY ("external_measurement_source_id") REFERENCES "public"."external_measurement_sources"("external_measurement_source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measured_properties" ADD CONSTRAINT "measured_properties_active_user_id_users_user_id_fk" FOREIGN KEY ("active_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measured_properties" ADD CONSTRAINT "measured_properties_measured_by_user_id_users_user_id_fk" FOREIGN KEY ("measured_by_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_measurements" ADD CONSTRAINT "property_measurements_property_id_measured_properties_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."measured_properties"("property_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_measurements" ADD CONSTRAINT "property_measurements_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_measurements" ADD CONSTRAINT "property_measurements_not_measured_reason_id_not_measured_reasons_not_measured_reason_id_fk" FOREIGN KEY ("not_measured_reason_id") REFERENCES "public"."not_measured_reasons"("not_measured_reason_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_measurements" ADD CONSTRAINT "property_measurements_external_measurement_source_id_external_measurement_sources_external_measurement_source_id_fk" FOREIGN KEY ("external_measurement_source_id") REFERENCES "public"."external_measurement_sources"("external_measurement_source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_measurements_address_idx" ON "address_measurements" USING btree ("branchno",lower("street_address"),"zip");--> statement-breakpoint
CREATE UNIQUE INDEX "commercial_leads_address_idx" ON "commercial_leads" USING btree ("branchno",lower("business_name"),lower("street_address"),"zip");--> statement-breakpoint
CREATE UNIQUE INDEX "measured_properties_customer_idx" ON "measured_properties" USING btree ("sqldbid","customer_no") WHERE "measured_properties"."customer_no" is not null;--> statement-breakpoint
CREATE INDEX "measured_properties_search_idx" ON "measured_properties" USING btree ("branchno","zip","complete","is_neighbor");--> statement-breakpoint
CREATE INDEX "measured_properties_neighbor_idx" ON "measured_properties" USING btree ("sqldbid","neighbor_of_customer_no") WHERE "measured_properties"."is_neighbor";--> statement-breakpoint
CREATE INDEX "property_measurements_property_idx" ON "property_measurements" USING btree ("property_id","measured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "property_measurements_request_idx" ON "property_measurements" USING btree ("request_id");