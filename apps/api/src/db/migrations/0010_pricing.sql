CREATE TABLE "billing_frequencies" (
	"billing_frequency_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundled_services" (
	"program_item_id" integer NOT NULL,
	"service_def_id" integer NOT NULL,
	CONSTRAINT "bundled_services_program_item_id_service_def_id_pk" PRIMARY KEY("program_item_id","service_def_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"service_year" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"coupon_type_id" integer NOT NULL,
	"service_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"is_percent" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."coupon_type_id" in (1, 2, 3)),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" >= 0 and (not "coupons"."is_percent" or "coupons"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "franchise_billing_payments" (
	"sqldbid" integer NOT NULL,
	"billing_app_type_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"payment_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "franchise_billing_payments_sqldbid_billing_app_type_id_payment_id_pk" PRIMARY KEY("sqldbid","billing_app_type_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "franchise_pricing" (
	"sqldbid" integer NOT NULL,
	"service_year" integer NOT NULL,
	"tax_rate" numeric(7, 4) NOT NULL,
	"call_discount" numeric(7, 4) NOT NULL,
	"prepay_discount" numeric(7, 4) NOT NULL,
	"first_app_time" text,
	CONSTRAINT "franchise_pricing_sqldbid_service_year_pk" PRIMARY KEY("sqldbid","service_year"),
	CONSTRAINT "franchise_pricing_percent_check" CHECK ("franchise_pricing"."tax_rate" between 0 and 100 and "franchise_pricing"."call_discount" between 0 and 100 and "franchise_pricing"."prepay_discount" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"offer_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"service_year" integer NOT NULL,
	"description" text NOT NULL,
	"pricing_rule" text NOT NULL,
	"price_rule_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"kind" text,
	"template_id" integer,
	"service_def_id" integer NOT NULL,
	"service_group" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offers_rule_check" CHECK ("offers"."pricing_rule" in ('FreeVisit', 'FreeService', 'Priced', 'Reduce')),
	CONSTRAINT "offers_kind_check" CHECK ("offers"."kind" is null or "offers"."kind" in ('free-visit', '2-for-1', '3-for-2', 'percent-off')),
	CONSTRAINT "offers_group_check" CHECK ("offers"."service_group" in ('L', 'A')),
	CONSTRAINT "offers_audience_check" CHECK ("offers"."audience" in ('all', 'new', 'existing')),
	CONSTRAINT "offers_value_check" CHECK ("offers"."price_rule_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"service_year" integer NOT NULL,
	"service_def_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"service_code" text DEFAULT '' NOT NULL,
	"gl_account" text DEFAULT '' NOT NULL,
	"billing_frequency_id" integer DEFAULT 1 NOT NULL,
	"total_rounds" integer,
	"initial_payment" numeric(12, 2),
	"initial_fee" numeric(12, 2),
	"bundle_only" boolean DEFAULT false NOT NULL,
	"preferred_plus_discount" numeric(7, 4),
	"linked_service_def_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_list_items_rounds_check" CHECK ("price_list_items"."total_rounds" is null or "price_list_items"."total_rounds" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"item_id" integer NOT NULL,
	"size_from" numeric(8, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "price_list_prices_item_id_size_from_pk" PRIMARY KEY("item_id","size_from"),
	CONSTRAINT "price_list_prices_check" CHECK ("price_list_prices"."size_from" >= 0 and "price_list_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_definitions" (
	"service_def_id" integer PRIMARY KEY NOT NULL,
	"service_name" text NOT NULL,
	"service_group" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "service_definitions_group_check" CHECK ("service_definitions"."service_group" in ('L', 'P', 'A'))
);
--> statement-breakpoint
ALTER TABLE "bundled_services" ADD CONSTRAINT "bundled_services_program_item_id_price_list_items_id_fk" FOREIGN KEY ("program_item_id") REFERENCES "public"."price_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundled_services" ADD CONSTRAINT "bundled_services_service_def_id_service_definitions_service_def_id_fk" FOREIGN KEY ("service_def_id") REFERENCES "public"."service_definitions"("service_def_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_service_def_id_service_definitions_service_def_id_fk" FOREIGN KEY ("service_def_id") REFERENCES "public"."service_definitions"("service_def_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_billing_frequency_id_billing_frequencies_billing_frequency_id_fk" FOREIGN KEY ("billing_frequency_id") REFERENCES "public"."billing_frequencies"("billing_frequency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_item_id_price_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."price_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_franchise_year_code_idx" ON "coupons" USING btree ("sqldbid","service_year",lower("coupon_code"));--> statement-breakpoint
CREATE INDEX "offers_franchise_year_idx" ON "offers" USING btree ("sqldbid","service_year");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_items_franchise_year_service_idx" ON "price_list_items" USING btree ("sqldbid","service_year","service_def_id");