CREATE TABLE "measureit_search_list_rows" (
	"list_id" integer NOT NULL,
	"branchno" text NOT NULL,
	"cust_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measureit_search_lists" (
	"list_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" uuid NOT NULL,
	"preview" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measureit_search_list_rows" ADD CONSTRAINT "measureit_search_list_rows_list_id_measureit_search_lists_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."measureit_search_lists"("list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measureit_search_lists" ADD CONSTRAINT "measureit_search_lists_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measureit_search_list_rows_pk" ON "measureit_search_list_rows" USING btree ("list_id","branchno","cust_no");--> statement-breakpoint
CREATE UNIQUE INDEX "measureit_search_lists_request_idx" ON "measureit_search_lists" USING btree ("request_id");--> statement-breakpoint
-- The MeasureIt search (decision 041). A franchise's properties street by street: the branch, then
-- the grid's default order (zip, street address, property id), with the search's filter columns INCLUDEd so a page
-- and the statistics are read from the index alone; a zip list keeps its entries from the same range.
CREATE INDEX "measured_properties_branch_zip_street_idx" ON "measured_properties" USING btree ("branchno","zip","street_address","property_id") INCLUDE ("complete","is_neighbor","not_measured_reason_id","proximity","status_date","customer_no");--> statement-breakpoint
-- A custom search list's customers by branch and number.
CREATE INDEX "measured_properties_branch_customer_idx" ON "measured_properties" USING btree ("branchno","customer_no") WHERE "customer_no" is not null;--> statement-breakpoint
-- New Neighbors of a branch by their status date (the date range).
CREATE INDEX "measured_properties_new_neighbor_idx" ON "measured_properties" USING btree ("branchno","status_date","property_id") INCLUDE ("complete","not_measured_reason_id","proximity","zip") WHERE "is_neighbor" and "status_date" is not null;
