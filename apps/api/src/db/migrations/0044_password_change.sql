-- A password someone else set (the default, or one an administrator chose or reset) must be changed by its user at
-- the first sign-in with it (decision 064): the user's flag, and the flag of a session opened with such a password.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The session check reads the session's flag (http/auth.ts): clearing it at the change must reach every process's
-- session cache (decision 042), as a revocation does.
DROP TRIGGER session_cache_sessions_trg ON sessions;--> statement-breakpoint
CREATE TRIGGER session_cache_sessions_trg AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.password_change_required IS DISTINCT FROM NEW.password_change_required)
  EXECUTE FUNCTION session_cache_notify();
