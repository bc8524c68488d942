CREATE TABLE "call_branch_days" (
	"day" date NOT NULL,
	"branchno" text NOT NULL,
	"call_type" text NOT NULL,
	"calls" integer NOT NULL,
	"handled" integer NOT NULL,
	"handle_micros" bigint NOT NULL,
	"sales" integer NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"quotes" integer NOT NULL,
	CONSTRAINT "call_branch_days_day_branchno_call_type_pk" PRIMARY KEY("day","branchno","call_type")
);
--> statement-breakpoint
CREATE TABLE "call_csr_days" (
	"day" date NOT NULL,
	"csuser_id" integer NOT NULL,
	"csagent" text NOT NULL,
	"calls" integer NOT NULL,
	"handled" integer NOT NULL,
	"handle_micros" bigint NOT NULL,
	"sales" integer NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"quotes" integer NOT NULL,
	CONSTRAINT "call_csr_days_day_csuser_id_csagent_pk" PRIMARY KEY("day","csuser_id","csagent")
);
--> statement-breakpoint
-- The calls' hours trigger writes the days too, in the same statement (docs/decisions/102-call-days-rollups.md): the
-- statement's parts per hour, summed per key first as before, go to the hours and, summed per day of the call centre's
-- clock (America/Chicago, the domain's CALL_TIME_ZONE: its offsets are whole hours, so each hour of UTC lies in one of
-- its days), to the days by branch and call type and to the days by CSR. Keys whose figures do not change are not
-- written; every upsert goes in key order and the tables always in the same order, so that two transactions never
-- wait on each other in a circle. Each operation has only its own transition tables, so each has its own statement.
CREATE OR REPLACE FUNCTION call_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH p AS (
      SELECT date_trunc('hour', r.call_end, 'UTC') AS hour, r.branchno, r.call_type,
        coalesce(r.csuser_id, 0) AS csuser_id, r.csagent, sum(p.calls) AS calls, sum(p.handled) AS handled,
        sum(p.handle_micros) AS handle_micros, sum(p.sales) AS sales, sum(p.revenue) AS revenue, sum(p.quotes) AS quotes
      FROM (SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
            csagent, 1 AS sign FROM new_rows) r,
        call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, r.sign) p
      GROUP BY 1, 2, 3, 4, 5),
    h AS (
      INSERT INTO call_hours AS t (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros,
          sales, revenue, quotes)
        SELECT * FROM p
        WHERE calls <> 0 OR handled <> 0 OR handle_micros <> 0 OR sales <> 0 OR revenue <> 0
          OR quotes <> 0
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (hour, branchno, call_type, csuser_id, csagent) DO UPDATE SET
          calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes),
    b AS (
      INSERT INTO call_branch_days AS t (day, branchno, call_type, calls, handled, handle_micros, sales, revenue,
          quotes)
        SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.branchno, p.call_type,
          sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        FROM p GROUP BY 1, 2, 3
        HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
          OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (day, branchno, call_type) DO UPDATE SET calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes)
    INSERT INTO call_csr_days AS t (day, csuser_id, csagent, calls, handled, handle_micros, sales, revenue, quotes)
        SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.csuser_id, p.csagent,
          sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        FROM p GROUP BY 1, 2, 3
        HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
          OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (day, csuser_id, csagent) DO UPDATE SET calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH p AS (
      SELECT date_trunc('hour', r.call_end, 'UTC') AS hour, r.branchno, r.call_type,
        coalesce(r.csuser_id, 0) AS csuser_id, r.csagent, sum(p.calls) AS calls, sum(p.handled) AS handled,
        sum(p.handle_micros) AS handle_micros, sum(p.sales) AS sales, sum(p.revenue) AS revenue, sum(p.quotes) AS quotes
      FROM (SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
            csagent, -1 AS sign FROM old_rows
          UNION ALL SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
            csagent, 1 FROM new_rows) r,
        call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, r.sign) p
      GROUP BY 1, 2, 3, 4, 5),
    h AS (
      INSERT INTO call_hours AS t (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros,
          sales, revenue, quotes)
        SELECT * FROM p
        WHERE calls <> 0 OR handled <> 0 OR handle_micros <> 0 OR sales <> 0 OR revenue <> 0
          OR quotes <> 0
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (hour, branchno, call_type, csuser_id, csagent) DO UPDATE SET
          calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes),
    b AS (
      INSERT INTO call_branch_days AS t (day, branchno, call_type, calls, handled, handle_micros, sales, revenue,
          quotes)
        SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.branchno, p.call_type,
          sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        FROM p GROUP BY 1, 2, 3
        HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
          OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (day, branchno, call_type) DO UPDATE SET calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes)
    INSERT INTO call_csr_days AS t (day, csuser_id, csagent, calls, handled, handle_micros, sales, revenue, quotes)
        SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.csuser_id, p.csagent,
          sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        FROM p GROUP BY 1, 2, 3
        HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
          OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (day, csuser_id, csagent) DO UPDATE SET calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes;
  ELSE
    WITH p AS (
      SELECT date_trunc('hour', r.call_end, 'UTC') AS hour, r.branchno, r.call_type,
        coalesce(r.csuser_id, 0) AS csuser_id, r.csagent, sum(p.calls) AS calls, sum(p.handled) AS handled,
        sum(p.handle_micros) AS handle_micros, sum(p.sales) AS sales, sum(p.revenue) AS revenue, sum(p.quotes) AS quotes
      FROM (SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
            csagent, -1 AS sign FROM old_rows) r,
        call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, r.sign) p
      GROUP BY 1, 2, 3, 4, 5),
    h AS (
      INSERT INTO call_hours AS t (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros,
          sales, revenue, quotes)
        SELECT * FROM p
        WHERE calls <> 0 OR handled <> 0 OR handle_micros <> 0 OR sales <> 0 OR revenue <> 0
          OR quotes <> 0
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (hour, branchno, call_type, csuser_id, csagent) DO UPDATE SET
          calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes),
    b AS (
      INSERT INTO call_branch_days AS t (day, branchno, call_type, calls, handled, handle_micros, sales, revenue,
          quotes)
        SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.branchno, p.call_type,
          sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        FROM p GROUP BY 1, 2, 3
        HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
          OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (day, branchno, call_type) DO UPDATE SET calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes)
    INSERT INTO call_csr_days AS t (day, csuser_id, csagent, calls, handled, handle_micros, sales, revenue, quotes)
        SELECT (p.hour AT TIME ZONE 'America/Chicago')::date, p.csuser_id, p.csagent,
          sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        FROM p GROUP BY 1, 2, 3
        HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
          OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT (day, csuser_id, csagent) DO UPDATE SET calls = t.calls + excluded.calls,
          handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
          sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue,
          quotes = t.quotes + excluded.quotes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The history written before this migration, through its hours.
INSERT INTO call_branch_days (day, branchno, call_type, calls, handled, handle_micros, sales, revenue, quotes)
  SELECT (hour AT TIME ZONE 'America/Chicago')::date, branchno, call_type, sum(calls), sum(handled), sum(handle_micros),
    sum(sales), sum(revenue), sum(quotes)
  FROM call_hours GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO call_csr_days (day, csuser_id, csagent, calls, handled, handle_micros, sales, revenue, quotes)
  SELECT (hour AT TIME ZONE 'America/Chicago')::date, csuser_id, csagent, sum(calls), sum(handled), sum(handle_micros),
    sum(sales), sum(revenue), sum(quotes)
  FROM call_hours GROUP BY 1, 2, 3;
