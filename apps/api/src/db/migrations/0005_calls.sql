CREATE TABLE "call_history" (
	"call_id" serial PRIMARY KEY NOT NULL,
	"csuser_id" integer,
	"csagent" text DEFAULT '' NOT NULL,
	"sqldbid" integer NOT NULL,
	"cust_no" integer NOT NULL,
	"branchno" text DEFAULT '' NOT NULL,
	"cust_type" text DEFAULT '' NOT NULL,
	"cust_email" text DEFAULT '' NOT NULL,
	"call_reason" text DEFAULT '' NOT NULL,
	"call_start" timestamp with time zone,
	"call_end" timestamp with time zone,
	"call_log" text DEFAULT '' NOT NULL,
	"package" text DEFAULT '' NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"appcost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"organic" boolean DEFAULT false NOT NULL,
	"lawnsize" numeric(8, 2) DEFAULT '0' NOT NULL,
	"ownerfollowup" text DEFAULT 'None' NOT NULL,
	"salestax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"taxrate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"totalcost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"emailsent" boolean DEFAULT false NOT NULL,
	"errormsg" text DEFAULT '' NOT NULL,
	"cust_usedcomp" text DEFAULT '' NOT NULL,
	"call_source" text DEFAULT '' NOT NULL,
	"cust_sex" text DEFAULT '' NOT NULL,
	"prepaydiscount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prepaysalestax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prepaytotalcost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"call_direction" text NOT NULL,
	"call_result" text DEFAULT '' NOT NULL,
	"call_target" timestamp with time zone,
	"call_list" text DEFAULT '' NOT NULL,
	"call_type" text DEFAULT '' NOT NULL,
	"previous_lawn_care" text DEFAULT '' NOT NULL,
	"coupon_used" text DEFAULT 'None' NOT NULL,
	"coupon" text DEFAULT '' NOT NULL,
	"call_ahead_reason" text DEFAULT '' NOT NULL,
	"call_ahead_contact" text DEFAULT '' NOT NULL,
	"cust_has_irrigation_system" boolean DEFAULT false NOT NULL,
	"cust_intersted_in_pest_control" boolean DEFAULT false NOT NULL,
	"cust_autopaid" boolean DEFAULT false NOT NULL,
	"cust_prepaid" boolean DEFAULT false NOT NULL,
	"sendemail" boolean DEFAULT true NOT NULL,
	"csr_notes" text DEFAULT '' NOT NULL,
	"first_app_time" text DEFAULT '' NOT NULL,
	"applications_subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"add_services_subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"monthly_sub_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"initial_payment_sub_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prepay_discount_subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prepay_discount_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reciept" text DEFAULT '' NOT NULL,
	"survey_id" integer DEFAULT -1 NOT NULL,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"customer" jsonb,
	"offer_id" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"outbound_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_locks" (
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"user_id" integer NOT NULL,
	"call_type" text NOT NULL,
	"outbound_id" integer,
	"locked_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_locks_sqldbid_customer_no_pk" PRIMARY KEY("sqldbid","customer_no")
);
--> statement-breakpoint
CREATE TABLE "customer_info_edits" (
	"customer_info_edit_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"user_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"call_history_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"order_discount_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_item_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"service_def_id" integer NOT NULL,
	"service_name" text DEFAULT '' NOT NULL,
	"rounds" integer DEFAULT 1 NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"extended_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unit_price_sold" numeric(12, 2) DEFAULT '0' NOT NULL,
	"extended_price_sold" numeric(12, 2) DEFAULT '0' NOT NULL,
	"installment" boolean DEFAULT false NOT NULL,
	"remain_months" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"branchno" text NOT NULL,
	"call_id" integer,
	"service_year" integer NOT NULL,
	"is_prepay" boolean DEFAULT false NOT NULL,
	"ndc" text DEFAULT '' NOT NULL,
	"order_type" text NOT NULL,
	"order_status" text NOT NULL,
	"is_autopay" boolean DEFAULT false NOT NULL,
	"sub_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"session_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_calls" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"call_type" text NOT NULL,
	"the_call" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "touchpoints" (
	"touchpoint_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"touch_date" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"employee" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2)
);
--> statement-breakpoint
ALTER TABLE "call_history" ADD CONSTRAINT "call_history_csuser_id_users_user_id_fk" FOREIGN KEY ("csuser_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_locks" ADD CONSTRAINT "call_locks_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_info_edits" ADD CONSTRAINT "customer_info_edits_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_calls" ADD CONSTRAINT "saved_calls_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_history_customer_idx" ON "call_history" USING btree ("sqldbid","cust_no","call_start");--> statement-breakpoint
CREATE UNIQUE INDEX "call_history_idempotency_idx" ON "call_history" USING btree ("idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "call_locks_user_idx" ON "call_locks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_info_edits_customer_idx" ON "customer_info_edits" USING btree ("sqldbid","customer_no");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("sqldbid","customer_no");--> statement-breakpoint
CREATE INDEX "orders_branch_status_idx" ON "orders" USING btree ("branchno","order_status","updated_at");--> statement-breakpoint
CREATE INDEX "touchpoints_customer_idx" ON "touchpoints" USING btree ("sqldbid","customer_no","touch_date");