CREATE TABLE "agent_state_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"micros" bigint NOT NULL,
	"began" integer NOT NULL,
	"began_micros" bigint NOT NULL,
	CONSTRAINT "agent_state_days_day_user_id_state_pk" PRIMARY KEY("day","user_id","state")
);
--> statement-breakpoint
ALTER TABLE "agent_state_days" ADD CONSTRAINT "agent_state_days_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The hours' trigger writes the days too, in the same statement (docs/decisions/099-state-days-rollup.md): the
-- statement's parts per hour, summed per hour first as before, go to the hours and, summed per day of the call
-- centre's clock (America/Chicago, the domain's CALL_TIME_ZONE: its offsets are whole hours, so each hour of UTC lies
-- in one of its days), to the days. Keys whose figures do not change are not written; both upserts go in key order,
-- the hours first, so that two transactions never wait on each other in a circle.
CREATE OR REPLACE FUNCTION agent_state_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each operation has only its own transition tables, so each has its own statement.
  IF TG_OP = 'INSERT' THEN
    WITH p AS (
      SELECT p.hour, p.user_id, p.state, sum(p.micros) AS micros, sum(p.began) AS began,
        sum(p.began_micros) AS began_micros
      FROM new_rows r, agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, 1) p
      GROUP BY 1, 2, 3),
    h AS (
      INSERT INTO agent_state_hours AS t (hour, user_id, state, micros, began, began_micros)
        SELECT * FROM p WHERE micros <> 0 OR began <> 0 OR began_micros <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (hour, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
          began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros)
    INSERT INTO agent_state_days AS t (day, user_id, state, micros, began, began_micros)
      SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.user_id, p.state, sum(p.micros), sum(p.began),
        sum(p.began_micros)
      FROM p GROUP BY 1, 2, 3
      HAVING sum(p.micros) <> 0 OR sum(p.began) <> 0 OR sum(p.began_micros) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
        began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH p AS (
      SELECT p.hour, p.user_id, p.state, sum(p.micros) AS micros, sum(p.began) AS began,
        sum(p.began_micros) AS began_micros
      FROM (SELECT o.user_id, o.state, o.started_at, o.ended_at, -1 AS sign FROM old_rows o
        UNION ALL SELECT n.user_id, n.state, n.started_at, n.ended_at, 1 FROM new_rows n) r,
        agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, r.sign) p
      GROUP BY 1, 2, 3),
    h AS (
      INSERT INTO agent_state_hours AS t (hour, user_id, state, micros, began, began_micros)
        SELECT * FROM p WHERE micros <> 0 OR began <> 0 OR began_micros <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (hour, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
          began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros)
    INSERT INTO agent_state_days AS t (day, user_id, state, micros, began, began_micros)
      SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.user_id, p.state, sum(p.micros), sum(p.began),
        sum(p.began_micros)
      FROM p GROUP BY 1, 2, 3
      HAVING sum(p.micros) <> 0 OR sum(p.began) <> 0 OR sum(p.began_micros) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
        began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros;
  ELSE
    WITH p AS (
      SELECT p.hour, p.user_id, p.state, sum(p.micros) AS micros, sum(p.began) AS began,
        sum(p.began_micros) AS began_micros
      FROM old_rows r, agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, -1) p
      -- A user deleted takes their hours and days with them (the cascade); there is nothing of theirs to subtract from.
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.user_id = r.user_id)
      GROUP BY 1, 2, 3),
    h AS (
      INSERT INTO agent_state_hours AS t (hour, user_id, state, micros, began, began_micros)
        SELECT * FROM p WHERE micros <> 0 OR began <> 0 OR began_micros <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (hour, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
          began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros)
    INSERT INTO agent_state_days AS t (day, user_id, state, micros, began, began_micros)
      SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.user_id, p.state, sum(p.micros), sum(p.began),
        sum(p.began_micros)
      FROM p GROUP BY 1, 2, 3
      HAVING sum(p.micros) <> 0 OR sum(p.began) <> 0 OR sum(p.began_micros) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, user_id, state) DO UPDATE SET micros = t.micros + excluded.micros,
        began = t.began + excluded.began, began_micros = t.began_micros + excluded.began_micros;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The history written before this migration: its closed states' parts are the hours' rows (kept by the trigger since
-- migration 0050), summed per day.
INSERT INTO agent_state_days (day, user_id, state, micros, began, began_micros)
  SELECT (h.hour AT TIME ZONE 'America/Chicago')::date, h.user_id, h.state, sum(h.micros), sum(h.began),
    sum(h.began_micros)
  FROM agent_state_hours h
  GROUP BY 1, 2, 3
  HAVING sum(h.micros) <> 0 OR sum(h.began) <> 0 OR sum(h.began_micros) <> 0;
