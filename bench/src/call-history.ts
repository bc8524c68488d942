/**
 * Worked outbound calls for the call search: the seed's outbound rows are the open lists; a
 * call centre's table also holds the calls worked over the years. When outbound_calls holds fewer rows than the
 * target, the rest are generated in SQL (deterministic: setseed, then one statement), as worked calls of the
 * customers over the last two years: call types weighted as the lists are, lastAccessDate denser towards now, the
 * calls shared unevenly among 60 CSRs (48 bench accounts and the demo CSRs), 90 % completed, 2 % deleted, the rest
 * open (those join the lists and their counts). A rerun finds the count reached and adds nothing.
 */
import type { Runner } from './database.js';

/** Call types and their weights, as the seed's lists (apps/api/src/db/seed/outbound.ts). */
const TYPE_WEIGHTS: [string, number][] = [
  ['Cancel', 20],
  ['Upsell', 20],
  ['CustomerSurvey', 12],
  ['SkippedRounds', 10],
  ['WebLead', 12],
  ['InboundFollowUp', 8],
  ['PropertyEval', 8],
  ['CommercialLead', 5],
  ['Extract', 5],
];

/**
 * The bench's own CSR accounts (bench.csr01 …; bench.csr001 … past 99): signed in by no one, they only name who worked
 * the calls. This many at the bench's scale 1, as many more at each step of BENCH_SCALE.
 */
export const BENCH_AGENTS = 48;
const FIRST = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jade', 'Kai', 'Lena'];
const LAST = ['Ortiz', 'Nguyen', 'Walsh', 'Patel', 'Kim', 'Berg', 'Moreau', 'Silva'];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Indexes of outbound_calls that back no constraint: dropped for the insert and built again after. */
async function secondaryIndexes(run: Runner): Promise<{ name: string; definition: string }[]> {
  const { rows } = await run.query(
    `select indexname as name, indexdef as definition from pg_indexes i
     where schemaname = 'public' and tablename = 'outbound_calls'
       and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
     order by indexname`,
    [],
  );
  return rows as { name: string; definition: string }[];
}

/** Adds worked calls until outbound_calls holds `target` rows, by `agents` bench CSRs; answers how many were added. */
export async function topUpCallHistory(
  run: Runner,
  target: number,
  agents = BENCH_AGENTS,
  now = new Date(),
): Promise<number> {
  const { rows } = await run.query(`select count(*)::int as n from outbound_calls`, []);
  const missing = target - Number(rows[0]?.n ?? 0);
  if (missing <= 0) return 0;
  const started = performance.now();
  console.log(
    `  adding ${missing.toLocaleString('en-US')} worked calls (outbound_calls to ${target.toLocaleString('en-US')})…`,
  );
  await run.query(
    `insert into users (username, first_name, last_name, email, password_hash, brand_id, company_id, role_id, sqldbid)
     select 'bench.csr' || lpad(g::text, greatest(2, length($1::text)), '0'), ($2::text[])[1 + g % 12], ($3::text[])[1 + g % 8], '',
            u.password_hash, u.brand_id, u.company_id, u.role_id, u.sqldbid
     from users u cross join generate_series(1, $1::int) g
     where u.username = 'csr.corporate'
     on conflict do nothing`,
    [agents, FIRST, LAST],
  );
  // One transaction: a run stopped half-way leaves the table as it was, indexes included.
  await run.query(`begin`, []);
  try {
    const indexes = await secondaryIndexes(run);
    for (const index of indexes) await run.query(`drop index if exists "${index.name}"`, []);
    await run.query(`alter table outbound_calls disable trigger outbound_counts_trg`, []);
    await run.query(`select setseed(0.27)`, []);
    const types = TYPE_WEIGHTS.flatMap(([t, w]) => Array.from({ length: w }, () => t));
    // One statement, rows in generate_series order: random() draws the same values on every run.
    await run.query(
      `with agents as (
         select array_agg(user_id order by username) as ids from users
         where username like 'bench.csr%' or username in ('csr.corporate', 'csr.cof', 'csr.franchise', 'supervisor')
       ),
       ids as (select max(customer_id) as top from customers),
       g as (
         select g, random() as r_cust, random() as r_type, random() as r_days, random() as r_secs, random() as r_csr,
                random() as r_done, random() as r_att
         from generate_series(1, $1::int) g
       ),
       calls as (
         select g.*, c.*, ($2::text[])[1 + floor(r_type * array_length($2::text[], 1))::int] as call_type,
                $3::timestamptz - make_interval(secs => floor(power(r_days, 1.4) * 730 * 86400)::int) as accessed,
                a.ids[1 + floor(power(r_csr, 1.3) * array_length(a.ids, 1))::int] as csr
         from g cross join ids cross join agents a
         join customers c on c.customer_id = 1 + floor(g.r_cust * ids.top)::int
       )
       insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_csr, call_back_date,
         call_complete, last_access_date, last_access_csr, branchno, sqldbid, cust_no, first_name, last_name, street, city,
         state, zip, phone, size, customer_type, cust_status, service, status_date, call_status, deleted_at, deleted_by,
         created_at)
       select customer_id, call_type, 'Outbound-' || call_type, 1 + floor(r_att * 5)::int, 'Outbound',
         case when r_done < 0.9 or (r_done >= 0.92 and r_att < 0.5) then csr end,
         case when r_done >= 0.92 then accessed + make_interval(days => 1 + floor(r_att * 14)::int) end,
         r_done < 0.9, accessed, csr, branchno, sqldbid, customer_no, first_name, last_name, address, city, state, zip,
         coalesce(nullif(home_phone, ''), cell_phone), lawn_size, customer_type, status, '', accessed,
         case when r_done < 0.9 then 'End' when r_done < 0.92 then 'Cancel' else 'Callback' end,
         case when r_done >= 0.9 and r_done < 0.92 then accessed + interval '1 day' end,
         case when r_done >= 0.9 and r_done < 0.92 then csr end,
         accessed - make_interval(days => floor(r_secs * 30)::int)
       from calls`,
      [missing, types, now.toISOString()],
    );
    await run.query(`alter table outbound_calls enable trigger outbound_counts_trg`, []);
    await run.query(`select outbound_counts_rebuild()`, []);
    console.log(`  inserted in ${seconds(started)} s`);
    const step = performance.now();
    await run.query(`set local maintenance_work_mem = '256MB'`, []);
    for (const index of indexes) await run.query(index.definition, []);
    await run.query(`commit`, []);
    console.log(`  built ${indexes.length} outbound indexes in ${seconds(step)} s`);
  } catch (error) {
    await run.query(`rollback`, []);
    throw error;
  }
  await run.query(`vacuum analyze outbound_calls`, []);
  console.log(`  worked calls added in ${seconds(started)} s`);
  return missing;
}
