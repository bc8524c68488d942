-- Sessions and the browser (decision 022). A session keeps one id for life and its bearer
-- tokens move to access_tokens, so a browser's short-lived tokens can rotate while the session, and the call
-- locks it holds, stay the same. An existing session's id is its old token hash, and that token goes on
-- working as an access token that lives as long as the session (as a script's sign-in does).
ALTER TABLE "sessions" RENAME COLUMN "token_hash" TO "session_id";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refresh_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_refresh_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_session_idx" ON "access_tokens" USING btree ("session_id");--> statement-breakpoint
INSERT INTO "access_tokens" ("token_hash", "session_id", "expires_at")
	SELECT "session_id", "session_id", "expires_at" FROM "sessions";--> statement-breakpoint
-- The call locks keep their holder: the old token hash is the session's id now.
ALTER TABLE "call_locks" RENAME COLUMN "session_hash" TO "session_id";
