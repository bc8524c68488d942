-- The session cache (decision 042): every API process keeps the resolved sessions of recent requests in memory and
-- drops them when it hears, on channel cc_sessions, that something they were built from changed. Triggers rather
-- than calls in the services, so no write path (nor a change made by hand in SQL) can forget it; NOTIFY inside a
-- transaction is delivered at commit, not at all after a rollback, and identical notices of one transaction once.
-- Payloads: s:<session id>, t:<access token hash>, u:<user id>, * (everything).
CREATE OR REPLACE FUNCTION session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('cc_sessions', 's:' || rec.session_id);
  ELSIF TG_TABLE_NAME = 'access_tokens' THEN
    PERFORM pg_notify('cc_sessions', 't:' || rec.token_hash);
  ELSIF TG_TABLE_NAME = 'roles' THEN
    PERFORM pg_notify('cc_sessions', '*');
  ELSE
    PERFORM pg_notify('cc_sessions', 'u:' || rec.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('cc_sessions', 'u:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session revoked (sign-out, password change, a reused refresh credential, a removed user), ended or deleted. The
-- touch of last_seen_at (at most every 15 s per session) and the rotation of the refresh secret notify nothing.
CREATE TRIGGER session_cache_sessions_trg AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER session_cache_sessions_del_trg AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER session_cache_tokens_trg AFTER DELETE OR UPDATE ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
-- The user's columns the session check reads (http/auth.ts), and its deletion.
CREATE TRIGGER session_cache_users_trg AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.role_id IS DISTINCT FROM NEW.role_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.sqldbid IS DISTINCT FROM NEW.sqldbid OR OLD.measure_it_tool_only IS DISTINCT FROM NEW.measure_it_tool_only
    OR OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER session_cache_users_del_trg AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
-- Branches, permissions and applications: any change.
CREATE TRIGGER session_cache_user_branches_trg AFTER INSERT OR UPDATE OR DELETE ON user_branches
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER session_cache_user_permissions_trg AFTER INSERT OR UPDATE OR DELETE ON user_permissions
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER session_cache_user_applications_trg AFTER INSERT OR UPDATE OR DELETE ON user_applications
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
-- A role renamed (the permission list reads its name) or deleted: every entry.
CREATE TRIGGER session_cache_roles_trg AFTER UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION session_cache_notify();
