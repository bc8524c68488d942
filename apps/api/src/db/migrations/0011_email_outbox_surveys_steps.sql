CREATE TABLE "call_services" (
	"call_service_id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer,
	"service_def_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"rounds" integer,
	"free" boolean DEFAULT false NOT NULL,
	"code" text
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"email_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_addresses" text NOT NULL,
	"cc_addresses" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"call_id" integer,
	"order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_log" (
	"step_log_id" bigserial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"sqldbid" integer NOT NULL,
	"cust_no" integer,
	"order_id" integer,
	"order_item_id" integer,
	"call_id" integer,
	"session_id" text,
	"parameters_data" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"log" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_text" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	CONSTRAINT "survey_answers_survey_id_question_id_pk" PRIMARY KEY("survey_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_definitions" (
	"survey_guid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"survey_id" serial PRIMARY KEY NOT NULL,
	"survey_guid" uuid,
	"sqldbid" integer NOT NULL,
	"cust_no" integer NOT NULL,
	"branchno" text NOT NULL,
	"call_id" integer,
	"completed_on" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
ALTER TABLE "call_services" ADD CONSTRAINT "call_services_call_id_call_history_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."call_history"("call_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sessions" ADD CONSTRAINT "order_sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_log" ADD CONSTRAINT "step_log_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("survey_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_survey_guid_survey_definitions_survey_guid_fk" FOREIGN KEY ("survey_guid") REFERENCES "public"."survey_definitions"("survey_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_call_id_call_history_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."call_history"("call_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_services_call_idx" ON "call_services" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at","email_id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_call_kind_idx" ON "email_outbox" USING btree ("call_id","kind") WHERE call_id is not null;--> statement-breakpoint
CREATE INDEX "order_sessions_user_idx" ON "order_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "step_log_call_idx" ON "step_log" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "step_log_created_idx" ON "step_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "surveys_customer_idx" ON "surveys" USING btree ("sqldbid","cust_no");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_call_idx" ON "surveys" USING btree ("call_id") WHERE call_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_discounts_order_coupon_idx" ON "order_discounts" USING btree ("order_id","coupon_code");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_service_idx" ON "order_items" USING btree ("order_id","service_def_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_call_idx" ON "orders" USING btree ("call_id") WHERE call_id is not null;