/**
 * A year of the call centre's calls and agent states for the report scenario (reports.ts;
 * docs/decisions/083-report-indexes-and-bench.md): the 48 bench CSRs (call-history.ts) each work `perDay` calls every
 * weekday of the last 365 days, from 8:00 in America/Chicago, one after another, on random customers (their branches),
 * call types weighted as the lists are with Inbound the largest, about one in eight a sale and one in twelve a quote.
 * Their states are derived from those calls by the demo past's own statement (`pastStatesStatement`): Ready before the
 * first, On call, Wrap-up, Ready between, Offline overnight. At 80 a day that is about a million calls and three
 * million state rows. Generated once (the calls carry call_source 'Bench'); a rerun finds them and adds nothing.
 */
import { sql } from 'drizzle-orm';
import { pastStatesStatement } from '../../apps/api/dist/db/seed/past-states.js';
import type { Runner } from './database.js';
import { compile } from './scenario-support.js';

export const REPORT_DAYS = 365;
const BENCH_SOURCE = 'Bench';
const TYPES = ['Inbound', 'Inbound', 'Inbound', 'Cancel', 'Upsell', 'CustomerSurvey', 'SkippedRounds', 'WebLead'];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The bench CSRs take calls as csr.corporate does: its applications, so that the report counts their time in each
 * state (only a CSR's counts). Run on every load, so that a database loaded before the rule gets them too.
 */
async function giveBenchCsrsTheirApplications(run: Runner): Promise<void> {
  await run.query(
    `insert into user_applications (user_id, application_id)
     select b.user_id, a.application_id
     from users b cross join users c join user_applications a on a.user_id = c.user_id
     where b.username like 'bench.csr%' and c.username = 'csr.corporate'
     on conflict do nothing`,
    [],
  );
}

/** Adds the year of calls and states unless present; answers how many calls were added. */
export async function topUpReportHistory(run: Runner, perDay: number, now = new Date()): Promise<number> {
  await giveBenchCsrsTheirApplications(run);
  const { rows } = await run.query(`select count(*)::int as n from call_history where call_source = $1`, [
    BENCH_SOURCE,
  ]);
  if (Number(rows[0]?.n ?? 0) > 0 || perDay <= 0) return 0;
  const started = performance.now();
  console.log(`  adding ${perDay} calls a weekday for each bench CSR over ${REPORT_DAYS} days, and their states…`);
  await run.query(`begin`, []);
  try {
    await run.query(`select setseed(0.83)`, []);
    await run.query(
      `with agents as (
         select user_id, first_name || ' ' || last_name as name from users where username like 'bench.csr%'
       ),
       days as (
         select d::date as day from generate_series(
           ($1::timestamptz at time zone 'America/Chicago')::date - $2::int,
           ($1::timestamptz at time zone 'America/Chicago')::date - 1, interval '1 day') d
         where extract(isodow from d) < 6
       ),
       ids as (select max(customer_id) as top from customers),
       g as (
         select a.user_id, a.name, days.day, k, random() as r_cust, random() as r_type, random() as r_res,
                random() as r_len
         from agents a cross join days cross join generate_series(0, $3::int - 1) k
         order by a.user_id, days.day, k
       ),
       calls as (
         select g.*, c.sqldbid, c.customer_no, c.branchno,
           ($4::text[])[1 + floor(g.r_type * array_length($4::text[], 1))::int] as call_type,
           (g.day + interval '8 hours')::timestamp at time zone 'America/Chicago'
             + make_interval(secs => g.k * (32400.0 / $3::int)) as start,
           make_interval(secs => floor((32400.0 / $3::int) * (0.35 + 0.45 * g.r_len))) as length
         from g cross join ids join customers c on c.customer_id = 1 + floor(g.r_cust * ids.top)::int
       )
       insert into call_history (csuser_id, csagent, sqldbid, cust_no, branchno, call_direction, call_result, call_type,
         call_list, call_source, call_start, call_end, totalcost, created_at)
       select user_id, name, sqldbid, customer_no, branchno,
         case when call_type = 'Inbound' then 'Incoming' else 'Outgoing' end,
         case when r_res < 0.08 then 'Sale' when r_res < 0.125 then 'Upsell'
           when r_res < 0.2 then 'Interested Prospect' when r_res < 0.6 then 'Information Only' else 'Not Interested' end,
         call_type, case when call_type = 'Inbound' then '' else call_type end, '${BENCH_SOURCE}', start, start + length,
         case when r_res < 0.125 then round((150 + r_len * 450)::numeric, 2) else 0 end, start + length
       from calls`,
      [now.toISOString(), REPORT_DAYS, perDay, TYPES],
    );
    const { rows: counted } = await run.query(`select count(*)::int as n from call_history where call_source = $1`, [
      BENCH_SOURCE,
    ]);
    const calls = Number(counted[0]?.n ?? 0);
    console.log(`  ${calls.toLocaleString('en-US')} calls inserted in ${seconds(started)} s`);
    const step = performance.now();
    const states = compile(
      pastStatesStatement(
        now,
        sql`h.csuser_id in (select user_id from users where username like 'bench.csr%') and h.call_source = ${BENCH_SOURCE}`,
      ),
    );
    await run.query(states.sql, states.params);
    await run.query(`commit`, []);
    console.log(`  their states derived in ${seconds(step)} s`);
    await run.query(`vacuum analyze call_history`, []);
    await run.query(`vacuum analyze agent_state_history`, []);
    // The report reads the rollups the history's triggers filled (decisions 088, 094, 099 and 102), not the history.
    await run.query(`vacuum analyze call_hours`, []);
    await run.query(`vacuum analyze call_branch_days`, []);
    await run.query(`vacuum analyze call_csr_days`, []);
    await run.query(`vacuum analyze agent_state_hours`, []);
    await run.query(`vacuum analyze agent_state_days`, []);
    return calls;
  } catch (error) {
    await run.query(`rollback`, []);
    throw error;
  }
}
