CREATE TABLE "call_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"option_name" text NOT NULL,
	"header_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_results" (
	"call_result_id" serial PRIMARY KEY NOT NULL,
	"call_type_id" integer NOT NULL,
	"result_name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_types" (
	"call_type_id" integer PRIMARY KEY NOT NULL,
	"call_type_name" text NOT NULL,
	"call_type_display_name" text NOT NULL,
	"outbound" boolean NOT NULL,
	CONSTRAINT "call_types_call_type_name_unique" UNIQUE("call_type_name")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"lead_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"branchno" text NOT NULL,
	"cust_no" integer NOT NULL,
	"status" text NOT NULL,
	"call_type" text NOT NULL,
	"outbound_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_calls" (
	"outbound_id" serial PRIMARY KEY NOT NULL,
	"id" integer,
	"type" text NOT NULL,
	"call_source" text DEFAULT '' NOT NULL,
	"call_attempts" integer DEFAULT 0 NOT NULL,
	"call_origin" text DEFAULT 'Outbound' NOT NULL,
	"call_back_csr" integer,
	"call_back_date" timestamp with time zone,
	"call_complete" boolean DEFAULT false NOT NULL,
	"last_access_date" timestamp with time zone,
	"last_access_csr" integer,
	"branchno" text NOT NULL,
	"sqldbid" integer NOT NULL,
	"cust_no" integer,
	"prop_eval_code" text DEFAULT '' NOT NULL,
	"enable_prop_eval" boolean DEFAULT false NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"size" numeric(8, 2),
	"customer_type" text DEFAULT '' NOT NULL,
	"cust_status" text DEFAULT '' NOT NULL,
	"price_offer" numeric(12, 2),
	"service" text DEFAULT '' NOT NULL,
	"status_date" timestamp with time zone,
	"call_active" boolean DEFAULT false NOT NULL,
	"call_status" text DEFAULT 'New' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"web_lead_call_id" integer,
	"web_lead_type" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_counts" (
	"branchno" text NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outbound_counts_branchno_type_pk" PRIMARY KEY("branchno","type")
);
--> statement-breakpoint
CREATE TABLE "web_leads" (
	"web_lead_id" serial PRIMARY KEY NOT NULL,
	"sqldbid" integer NOT NULL,
	"branchno" text NOT NULL,
	"contact_id" text NOT NULL,
	"customer_no" integer,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"lead_type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
ALTER TABLE "call_results" ADD CONSTRAINT "call_results_call_type_id_call_types_call_type_id_fk" FOREIGN KEY ("call_type_id") REFERENCES "public"."call_types"("call_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_outbound_id_outbound_calls_outbound_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."outbound_calls"("outbound_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD CONSTRAINT "outbound_calls_call_back_csr_users_user_id_fk" FOREIGN KEY ("call_back_csr") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD CONSTRAINT "outbound_calls_last_access_csr_users_user_id_fk" FOREIGN KEY ("last_access_csr") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD CONSTRAINT "outbound_calls_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD CONSTRAINT "outbound_calls_deleted_by_users_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_leads" ADD CONSTRAINT "web_leads_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_leads" ADD CONSTRAINT "web_leads_closed_by_users_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_results_type_idx" ON "call_results" USING btree ("call_type_id","sort_order");--> statement-breakpoint
CREATE INDEX "leads_customer_idx" ON "leads" USING btree ("branchno","cust_no");--> statement-breakpoint
CREATE INDEX "outbound_calls_customer_idx" ON "outbound_calls" USING btree ("sqldbid","cust_no");--> statement-breakpoint
CREATE INDEX "outbound_calls_web_lead_idx" ON "outbound_calls" USING btree ("web_lead_call_id");--> statement-breakpoint
CREATE INDEX "web_leads_branch_status_idx" ON "web_leads" USING btree ("branchno","status");