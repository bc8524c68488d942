-- Search indexes for the inbound customer search and address autocomplete. Each query repeats the
-- indexed expression exactly (lower(column) LIKE 'prefix%' with text_pattern_ops; trigrams for fragments).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_last_first_idx ON customers (lower(last_name) text_pattern_ops, lower(first_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_first_idx ON customers (lower(first_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_home_phone_idx ON customers (home_phone text_pattern_ops) WHERE home_phone <> '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_work_phone_idx ON customers (work_phone text_pattern_ops) WHERE work_phone <> '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_cell_phone_idx ON customers (cell_phone text_pattern_ops) WHERE cell_phone <> '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_email_idx ON customers (lower(email) text_pattern_ops) WHERE email <> '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_zip_last_idx ON customers (zip text_pattern_ops, lower(last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_city_idx ON customers (lower(city) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_street_no_idx ON customers (street_no);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_street_nm_trgm_idx ON customers USING gin (lower(street_nm) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_full_address_idx ON customers (lower(full_address) text_pattern_ops);
