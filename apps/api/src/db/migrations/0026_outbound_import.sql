CREATE TABLE "customer_flag_codes" (
	"sqldbid" integer NOT NULL,
	"customer_no" integer NOT NULL,
	"flag_code" text NOT NULL,
	CONSTRAINT "customer_flag_codes_sqldbid_customer_no_flag_code_pk" PRIMARY KEY("sqldbid","customer_no","flag_code")
);
--> statement-breakpoint
CREATE TABLE "franchise_flag_codes" (
	"sqldbid" integer NOT NULL,
	"flag_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "franchise_flag_codes_sqldbid_flag_code_pk" PRIMARY KEY("sqldbid","flag_code")
);
--> statement-breakpoint
CREATE TABLE "outbound_import_rows" (
	"import_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"problem" text,
	"outcome" text,
	"branchno" text,
	"sqldbid" integer,
	"cust_no" integer,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"size" numeric(8, 2),
	"price_offer" numeric(12, 2),
	"service" text DEFAULT '' NOT NULL,
	"status_date" timestamp with time zone,
	"call_source" text DEFAULT '' NOT NULL,
	"import_key" text,
	CONSTRAINT "outbound_import_rows_import_id_line_no_pk" PRIMARY KEY("import_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "outbound_imports" (
	"import_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"call_type" text NOT NULL,
	"franchise" jsonb,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"to_add" integer DEFAULT 0 NOT NULL,
	"already_imported" integer DEFAULT 0 NOT NULL,
	"dropped" integer DEFAULT 0 NOT NULL,
	"added" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "outbound_imports" ADD CONSTRAINT "outbound_imports_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_imports_status_idx" ON "outbound_imports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_calls_import_key_idx" ON "outbound_calls" USING btree ("import_key");--> statement-breakpoint
-- The previewed rows of an import are kept only until it is imported or abandoned: no need to write them to the WAL.
ALTER TABLE "outbound_import_rows" SET UNLOGGED;
--> statement-breakpoint
-- Inserts are counted once per statement from its transition table, not once per row: an import of 100,000 rows
-- adds to each (branch, type) count in one upsert instead of 100,000 (decision 030). Updates and deletes stay
-- row-level (migration 0004): they move one row at a time.
CREATE OR REPLACE FUNCTION outbound_counts_insert_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbound_counts (branchno, type, n)
    SELECT branchno, type, count(*) FROM inserted_rows
    WHERE NOT call_complete AND deleted_at IS NULL AND cust_no IS NOT NULL AND cust_no <> -1
      AND (type <> 'PropertyEval' OR enable_prop_eval)
    GROUP BY branchno, type
    ORDER BY branchno, type
  ON CONFLICT (branchno, type) DO UPDATE SET n = outbound_counts.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_counts_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_counts_trg AFTER UPDATE OR DELETE ON outbound_calls
  FOR EACH ROW EXECUTE FUNCTION outbound_counts_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS outbound_counts_insert_trg ON outbound_calls;
--> statement-breakpoint
CREATE TRIGGER outbound_counts_insert_trg AFTER INSERT ON outbound_calls
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION outbound_counts_insert_trigger();
