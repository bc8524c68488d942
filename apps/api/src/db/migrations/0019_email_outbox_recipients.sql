-- The outbox records each recipient's fate (decision 007): who the server accepted, over all
-- attempts, so a retry or a resend goes only to the others, and who it refused on the last attempt.
ALTER TABLE "email_outbox" ADD COLUMN "delivered_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "refused_to" text DEFAULT '' NOT NULL;
