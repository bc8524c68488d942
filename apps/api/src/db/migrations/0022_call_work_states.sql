CREATE TABLE "call_work_states" (
	"user_id" integer NOT NULL,
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"call_type" text NOT NULL,
	"call_row" text DEFAULT '' NOT NULL,
	"revision" integer NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_work_states_user_id_sqldbid_customer_no_pk" PRIMARY KEY("user_id","sqldbid","customer_no")
);
--> statement-breakpoint
ALTER TABLE "call_work_states" ADD CONSTRAINT "call_work_states_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;