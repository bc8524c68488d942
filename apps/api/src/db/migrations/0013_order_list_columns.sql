CREATE TABLE "order_counts" (
	"branchno" text NOT NULL,
	"order_status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_branchno_order_status_pk" PRIMARY KEY("branchno","order_status")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_customer_no_idx" ON "orders" USING btree ("customer_no");