CREATE TABLE "call_hours" (
	"hour" timestamp with time zone NOT NULL,
	"branchno" text NOT NULL,
	"call_type" text NOT NULL,
	"csuser_id" integer NOT NULL,
	"csagent" text NOT NULL,
	"calls" integer NOT NULL,
	"handled" integer NOT NULL,
	"handle_micros" bigint NOT NULL,
	"sales" integer NOT NULL,
	"revenue" numeric(16, 2) NOT NULL,
	"quotes" integer NOT NULL,
	CONSTRAINT "call_hours_hour_branchno_call_type_csuser_id_csagent_pk" PRIMARY KEY("hour","branchno","call_type","csuser_id","csagent")
);
--> statement-breakpoint
-- A call's part of the calls' hours (docs/decisions/094-call-hours-rollup.md): nothing unless it ended and was not
-- cancelled; else one call in the hour of its end, its handle time in microseconds if it has a start not after its
-- end, a sale if its result is one of the domain's SALE_RESULTS (with its total), a quote if it made an order. A
-- negative sign subtracts a row's old part.
CREATE OR REPLACE FUNCTION call_hours_of(of_start timestamptz, of_end timestamptz, of_result text, of_total numeric,
    of_order int, of_sign int)
  RETURNS TABLE (calls int, handled int, handle_micros bigint, sales int, revenue numeric, quotes int)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT $6, $6 * (ok)::int,
    CASE WHEN ok THEN $6 * (extract(epoch FROM $2 - $1) * 1000000)::bigint ELSE 0 END,
    $6 * (sale)::int, CASE WHEN sale THEN $6 * $4 ELSE 0 END, $6 * ($5 IS NOT NULL)::int
  FROM (SELECT coalesce($1 <= $2, false) AS ok, $3 IN ('Sale', 'Upsell') AS sale) f
  WHERE $2 IS NOT NULL AND $3 <> 'Cancel'
$$;
--> statement-breakpoint
-- Every statement that writes the call history adds its rows' parts in its own transaction, whoever wrote it (the end
-- of a call, the demo's past, an import, the bench's year): the old rows' parts out, the new rows' in, summed per key
-- first so that one upsert meets each key once, in key order so that two transactions never wait on each other in a
-- circle. An update that changes none of the figures' columns (the e-mail's flag, the survey's id) writes nothing.
CREATE OR REPLACE FUNCTION call_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each operation has only its own transition tables, so each has its own statement.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_hours AS t (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros,
        sales, revenue, quotes)
      SELECT date_trunc('hour', r.call_end, 'UTC'), r.branchno, r.call_type, coalesce(r.csuser_id, 0), r.csagent,
        sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
      FROM (SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
          csagent, 1 AS sign FROM new_rows) r,
        call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, r.sign) p
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
        OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (hour, branchno, call_type, csuser_id, csagent) DO UPDATE SET calls = t.calls + excluded.calls,
        handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
        sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, quotes = t.quotes + excluded.quotes;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO call_hours AS t (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros,
        sales, revenue, quotes)
      SELECT date_trunc('hour', r.call_end, 'UTC'), r.branchno, r.call_type, coalesce(r.csuser_id, 0), r.csagent,
        sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
      FROM (SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
          csagent, -1 AS sign FROM old_rows
        UNION ALL SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
          csagent, 1 FROM new_rows) r,
        call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, r.sign) p
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
        OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (hour, branchno, call_type, csuser_id, csagent) DO UPDATE SET calls = t.calls + excluded.calls,
        handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
        sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, quotes = t.quotes + excluded.quotes;
  ELSE
    INSERT INTO call_hours AS t (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros,
        sales, revenue, quotes)
      SELECT date_trunc('hour', r.call_end, 'UTC'), r.branchno, r.call_type, coalesce(r.csuser_id, 0), r.csagent,
        sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
      FROM (SELECT call_start, call_end, call_result, totalcost, order_id, branchno, call_type, csuser_id,
          csagent, -1 AS sign FROM old_rows) r,
        call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, r.sign) p
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(p.calls) <> 0 OR sum(p.handled) <> 0 OR sum(p.handle_micros) <> 0 OR sum(p.sales) <> 0
        OR sum(p.revenue) <> 0 OR sum(p.quotes) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (hour, branchno, call_type, csuser_id, csagent) DO UPDATE SET calls = t.calls + excluded.calls,
        handled = t.handled + excluded.handled, handle_micros = t.handle_micros + excluded.handle_micros,
        sales = t.sales + excluded.sales, revenue = t.revenue + excluded.revenue, quotes = t.quotes + excluded.quotes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER call_hours_insert_trg AFTER INSERT ON call_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hours_keep();
--> statement-breakpoint
CREATE TRIGGER call_hours_update_trg AFTER UPDATE ON call_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hours_keep();
--> statement-breakpoint
CREATE TRIGGER call_hours_delete_trg AFTER DELETE ON call_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_hours_keep();
--> statement-breakpoint
-- The history written before this migration.
INSERT INTO call_hours (hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros, sales, revenue,
    quotes)
  SELECT date_trunc('hour', r.call_end, 'UTC'), r.branchno, r.call_type, coalesce(r.csuser_id, 0), r.csagent,
    sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
  FROM call_history r, call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, 1) p
  GROUP BY 1, 2, 3, 4, 5;
