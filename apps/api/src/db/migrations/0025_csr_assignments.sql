CREATE TABLE "csr_assignments" (
	"assignment_id" serial PRIMARY KEY NOT NULL,
	"branchno" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"user_id" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "csr_assignments" ADD CONSTRAINT "csr_assignments_branchno_franchises_branchno_fk" FOREIGN KEY ("branchno") REFERENCES "public"."franchises"("branchno") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_assignments" ADD CONSTRAINT "csr_assignments_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_assignments" ADD CONSTRAINT "csr_assignments_completed_by_users_user_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_assignments" ADD CONSTRAINT "csr_assignments_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csr_assignments_group_idx" ON "csr_assignments" USING btree ("branchno","type","source");--> statement-breakpoint
CREATE INDEX "csr_assignments_user_idx" ON "csr_assignments" USING btree ("user_id");