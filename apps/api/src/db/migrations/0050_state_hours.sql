CREATE TABLE "agent_state_hours" (
	"hour" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"micros" bigint NOT NULL,
	"began" integer NOT NULL,
	"began_micros" bigint NOT NULL,
	CONSTRAINT "agent_state_hours_hour_user_id_state_pk" PRIMARY KEY("hour","user_id","state")
);
--> statement-breakpoint
ALTER TABLE "agent_state_hours" ADD CONSTRAINT "agent_state_hours_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_state_history_open_idx" ON "agent_state_history" USING btree ("user_id") WHERE "agent_state_history"."ended_at" is null;--> statement-breakpoint
-- Each user's time per state per hour of UTC, from the closed states (docs/decisions/088-state-hours-rollup.md). A
-- row's part: every hour it meets, its seconds within that hour as microseconds (exact sums), and in the hour it began
-- one state begun and its whole length. Offline is not time at work and is left out. A negative sign subtracts a row's old part.
CREATE OR REPLACE FUNCTION agent_state_hours_of(of_user int, of_state text, of_start timestamptz, of_end timestamptz, of_sign int)
  RETURNS TABLE (hour timestamptz, user_id int, state text, micros bigint, began int, began_micros bigint)
  LANGUAGE sql STABLE AS $$
  SELECT h, $1, $2,
    $5 * (extract(epoch FROM least(r.at, h + interval '1 hour') - greatest(r.started_at, h)) * 1000000)::bigint,
    $5 * (h = date_trunc('hour', r.started_at, 'UTC'))::int,
    CASE WHEN h = date_trunc('hour', r.started_at, 'UTC')
      THEN $5 * (extract(epoch FROM r.at - r.started_at) * 1000000)::bigint ELSE 0 END
  FROM (SELECT $3 AS started_at, greatest($4, $3) AS at) r,
    generate_series(date_trunc('hour', r.started_at, 'UTC'),
      date_trunc('hour', greatest(r.started_at, r.at - interval '1 microsecond'), 'UTC'), interval '1 hour') h
  WHERE $4 IS NOT NULL AND $2 <> 'Offline'
$$;
--> statement-breakpoint
-- Every statement that writes the history adds its rows' parts in its own transaction, whoever wrote them (the state
-- changes, the demo's past, the bench's year): the old rows' parts out, the new rows' in, summed per hour first so
-- that one upsert meets each key once, in key order so that two transactions never wait on each other in a circle.
CREATE OR REPLACE FUNCTION agent_state_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_state_hours AS t (hour, user_id, state, micros, began, began_micros)
      SELECT p.hour, p.user_id, p.state, sum(p.micros), sum(p.began), sum(p.began_micros)
      FROM new_rows r, agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, 1) p
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (hour, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
        began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO agent_state_hours AS t (hour, user_id, state, micros, began, began_micros)
      SELECT p.hour, p.user_id, p.state, sum(p.micros), sum(p.began), sum(p.began_micros)
      FROM (SELECT o.user_id, o.state, o.started_at, o.ended_at, -1 AS sign FROM old_rows o
        UNION ALL SELECT n.user_id, n.state, n.started_at, n.ended_at, 1 FROM new_rows n) r,
        agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, r.sign) p
      GROUP BY 1, 2, 3 HAVING sum(p.micros) <> 0 OR sum(p.began) <> 0 OR sum(p.began_micros) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (hour, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
        began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros;
  ELSE
    INSERT INTO agent_state_hours AS t (hour, user_id, state, micros, began, began_micros)
      SELECT p.hour, p.user_id, p.state, sum(p.micros), sum(p.began), sum(p.began_micros)
      FROM old_rows r, agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, -1) p
      -- A user deleted takes their hours with them (the cascade); there is nothing of theirs left to subtract from.
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.user_id = r.user_id)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (hour, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
        began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agent_state_hours_insert_trg AFTER INSERT ON agent_state_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_state_hours_keep();
--> statement-breakpoint
CREATE TRIGGER agent_state_hours_update_trg AFTER UPDATE ON agent_state_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_state_hours_keep();
--> statement-breakpoint
CREATE TRIGGER agent_state_hours_delete_trg AFTER DELETE ON agent_state_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_state_hours_keep();
--> statement-breakpoint
-- The history written before this migration.
INSERT INTO agent_state_hours (hour, user_id, state, micros, began, began_micros)
  SELECT p.hour, p.user_id, p.state, sum(p.micros), sum(p.began), sum(p.began_micros)
  FROM agent_state_history r, agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, 1) p
  WHERE r.ended_at IS NOT NULL AND r.state <> 'Offline'
  GROUP BY 1, 2, 3;
