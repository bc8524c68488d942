/**
 * The hours rollup of the calls (docs/decisions/094-call-hours-rollup.md): for random calls — ended across hours, days
 * and both changes of Chicago's clock, with and without a user, cancelled, sold, quoted, with no start or a start after
 * their end, some still open — written as the app writes them (opened, then ended by an update), in bulk as the demo's
 * past, an import and the bench write them, then changed and deleted, the report's call figures read from the rollup
 * equal those computed from the raw history, per group, per period, per both and in all, by CSR, call type and branch,
 * by day and by hour, for every scope; and the day rollups kept beside the hours (docs/decisions/102-call-days-rollups.md)
 * equal the hours summed per day of the call centre's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rawCallFigures } from './raw-call-figures-test-support.js';
import { callFigures, type ReportRange } from './sql.js';

let t: TestApp;
let users: number[] = [];
let branches: string[] = [];

const RESULTS = ['Sale', 'Upsell', 'Cancel', 'Information Only', 'Not Interested', 'Sale'] as const;
const TYPES = ['Inbound', 'Upsell', 'WebLead'] as const;
const AGENTS = ['Old Agent', 'Imported Ida'] as const;
/** Lengths in seconds: none, seconds, minutes, across an hour. */
const LENGTHS = [0, 7, 40, 300, 2_000, 5_400];

/** A small seeded generator, so that a failure can be replayed. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Figure {
  key: string | null;
  period: string | null;
  g_key: number;
  g_period: number;
  calls: number;
  handle: string | number | null;
  sales: number;
  revenue: number | string;
  quotes: number;
}

/** The figures by level, group and period, the average rounded to the microsecond. */
function byCell(rows: Figure[]): Map<string, string> {
  const cells = new Map<string, string>();
  for (const row of rows) {
    const handle = row.handle === null ? 'null' : Number(row.handle).toFixed(6);
    cells.set(
      `${Number(row.g_key) ? '*' : row.key} | ${Number(row.g_period) ? '*' : row.period}`,
      `${row.calls} calls, handle ${handle}, ${row.sales} sales, ${Number(row.revenue).toFixed(2)}, ${row.quotes} quotes`,
    );
  }
  return cells;
}

const pick = <T>(random: () => number, of: readonly T[]): T => of[Math.floor(random() * of.length)]!;

interface Call {
  user: number | null;
  agent: string;
  branch: string;
  type: string;
  result: string;
  start: string | null;
  end: string | null;
  total: string;
  order: number | null;
}

function randomCall(random: () => number, at: number): Call {
  const user = random() < 0.3 ? null : pick(random, users);
  const length = pick(random, LENGTHS) + Math.floor(random() * 1_000_000) / 1_000_000;
  const end = new Date(at);
  const start = random() < 0.1 ? null : new Date(at - (random() < 0.1 ? -60 : length) * 1000);
  return {
    user,
    agent: pick(random, AGENTS),
    branch: pick(random, branches),
    type: pick(random, TYPES),
    result: pick(random, RESULTS),
    start: start?.toISOString() ?? null,
    end: random() < 0.05 ? null : end.toISOString(),
    total: (Math.floor(random() * 100_000) / 100).toFixed(2),
    order: random() < 0.2 ? 1_000 + Math.floor(random() * 1_000) : null,
  };
}

const values = (c: Call) =>
  sql`(${c.user}, ${c.agent}, 1, 1, ${c.branch}, 'Incoming', ${c.result}, ${c.type}, ${c.start}, ${c.end}, ${c.total},
    ${c.order}, 'Test hours')`;
const columns = sql`(csuser_id, csagent, sqldbid, cust_no, branchno, call_direction, call_result, call_type, call_start,
  call_end, totalcost, order_id, call_source)`;

/** Writes `count` calls from `start`, some opened then ended as the app ends a call, the rest in one statement. */
async function writeCalls(start: number, count: number, random: () => number): Promise<void> {
  const bulk: Call[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    at += Math.floor(random() * 5_400_000);
    const call = randomCall(random, at);
    if (random() < 0.6) {
      bulk.push(call);
      continue;
    }
    // As the end of a call does: the record written while the call is open, then ended with its result.
    const [row] = rowsOf<{ call_id: number }>(
      await t.db.execute(sql`insert into call_history ${columns}
        values ${values({ ...call, end: null, result: '', total: '0', order: null })} returning call_id`),
    );
    await t.db.execute(sql`update call_history set call_end = ${call.end}, call_result = ${call.result},
      totalcost = ${call.total}, order_id = ${call.order} where call_id = ${row!.call_id}`);
  }
  if (bulk.length) {
    await t.db.execute(sql`insert into call_history ${columns} values ${sql.join(bulk.map(values), sql`, `)}`);
  }
}

async function compare(scope: Scope, range: ReportRange): Promise<void> {
  const rolled = rowsOf<Figure>(await t.db.execute(callFigures(scope, range, true)));
  const raw = rowsOf<Figure>(await t.db.execute(rawCallFigures(scope, range)));
  const what = `${JSON.stringify(scope)} ${range.from}…${range.to} by ${range.groupBy} and ${range.interval}`;
  expect(raw.length, `some calls in ${what}`).toBeGreaterThan(1);
  expect(byCell(rolled), what).toEqual(byCell(raw));
}

/** The rows of `rolled` not in `raw` and of `raw` not in `rolled`, counted where `where` holds. */
const countDifferent = (where: SQL) => sql`select count(*)::int as n from (
    (select * from rolled except select * from raw) union all (select * from raw except select * from rolled)) d
  where ${where}`;

/** How many keys of the rollup, with `hours` of it, differ from the calls summed from the raw history. */
async function differences(hours: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`with rolled as (
        select hour, branchno, call_type, csuser_id, csagent, calls, handled, handle_micros, sales, revenue, quotes
        from call_hours where calls <> 0 or handled <> 0 or handle_micros <> 0 or sales <> 0 or revenue <> 0
          or quotes <> 0),
      raw as (
        select date_trunc('hour', r.call_end, 'UTC') as hour, r.branchno, r.call_type, coalesce(r.csuser_id, 0),
          r.csagent, sum(p.calls), sum(p.handled), sum(p.handle_micros), sum(p.sales), sum(p.revenue), sum(p.quotes)
        from call_history r, call_hours_of(r.call_start, r.call_end, r.call_result, r.totalcost, r.order_id, 1) p
        group by 1, 2, 3, 4, 5)
      ${countDifferent(hours)}`),
  );
  return row!.n;
}

const FIGURES = sql`sum(calls) as calls, sum(handled) as handled, sum(handle_micros) as handle_micros,
  sum(sales) as sales, sum(revenue) as revenue, sum(quotes) as quotes`;
const NONZERO = sql`calls <> 0 or handled <> 0 or handle_micros <> 0 or sales <> 0 or revenue <> 0 or quotes <> 0`;

/**
 * How many keys of a day rollup (`table`, keyed by the day and `key`) differ from the hours summed per day of the call
 * centre's clock (docs/decisions/102-call-days-rollups.md), the keys with no figure left aside on both sides.
 */
async function dayDifferences(table: 'call_branch_days' | 'call_csr_days', key: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`with days as (
        select day, ${key}, ${FIGURES} from ${sql.raw(table)} group by day, ${key}),
      hours as (
        select (hour at time zone 'America/Chicago')::date as day, ${key}, ${FIGURES} from call_hours
        group by 1, ${key}),
      rolled as (select * from days where ${NONZERO}),
      raw as (select * from hours where ${NONZERO})
      ${countDifferent(sql`true`)}`),
  );
  return row!.n;
}

/** Both day rollups' differences from the hours, by name, for a readable failure. */
async function daysAgainstHours(): Promise<Record<string, number>> {
  return {
    call_branch_days: await dayDifferences('call_branch_days', sql`branchno, call_type`),
    call_csr_days: await dayDifferences('call_csr_days', sql`csuser_id, csagent`),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  users = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username in ('csr.cof', 'csr.franchise', 'admin')
      order by user_id`),
  ).map((r) => r.user_id);
  branches = rowsOf<{ branchno: string }>(
    // Two branches of each designation, so that every scope sees some calls and misses others.
    await t.db.execute(sql`select branchno from (select branchno, row_number() over (partition by designation
        order by branchno) as n from franchises) f where n <= 2 order by branchno`),
  ).map((r) => r.branchno);
});
afterAll(async () => {
  await t?.close();
});

describe('the hours rollup of the calls', () => {
  it('gives the figures of the raw history, for random calls written, changed and deleted', async () => {
    // Around Sunday 2022-03-13, when Chicago's clock went from CST to CDT; far from the demo's own history.
    const base = Date.parse('2022-03-11T04:17:23.250Z');
    const since = new Date(base - 3_600_000).toISOString();
    const scopes: Scope[] = [
      { kind: 'all' },
      { kind: 'branches', branches: branches.slice(0, 2) },
      { kind: 'designation', designation: 'COF' },
    ];
    for (const seed of [1, 2, 3]) {
      const random = generator(seed);
      await writeCalls(base, 90, random);
      // Calls changed afterwards (moved, re-typed, re-assigned, their result or order changed) and deleted: their old
      // parts must leave the rollup.
      await t.db.execute(sql`update call_history set call_end = call_end + interval '1 hour 7 minutes'
        where call_source = 'Test hours' and call_id % 3 = 0`);
      await t.db.execute(sql`update call_history set call_type = 'Upsell', branchno = ${branches[0]!},
          csuser_id = case when csuser_id is null then ${users[0]!}::int end, order_id = coalesce(order_id, 7)
        where call_source = 'Test hours' and call_id % 4 = 1`);
      await t.db.execute(sql`update call_history set call_result = case call_result when 'Cancel' then 'Sale'
          when 'Sale' then 'Cancel' else 'Upsell' end, totalcost = totalcost + 1.25, call_start = null
        where call_source = 'Test hours' and call_id % 7 = 2`);
      await t.db.execute(sql`delete from call_history where call_source = 'Test hours' and call_id % 5 = 0`);
      for (const scope of scopes) {
        for (const groupBy of ['csr', 'type', 'branch'] as const) {
          await compare(scope, { from: '2022-03-10', to: '2022-03-20', groupBy, interval: 'day' });
          await compare(scope, { from: '2022-03-12', to: '2022-03-14', groupBy, interval: 'hour' });
        }
      }
      await t.db.execute(sql`delete from call_history where call_source = 'Test hours'`);
      expect(await differences(sql`hour >= ${since} and hour < '2022-04-01'`), 'the rollup of deleted calls').toBe(0);
      expect(await daysAgainstHours(), 'the days of deleted calls').toEqual({ call_branch_days: 0, call_csr_days: 0 });
    }
    // Around Sunday 2022-11-06, when Chicago's clock went back: its repeated hour is one hour of the report.
    await writeCalls(Date.parse('2022-11-05T01:09:41.500Z'), 120, generator(4));
    for (const groupBy of ['csr', 'type', 'branch'] as const) {
      await compare({ kind: 'all' }, { from: '2022-11-04', to: '2022-11-14', groupBy, interval: 'day' });
      await compare({ kind: 'all' }, { from: '2022-11-05', to: '2022-11-07', groupBy, interval: 'hour' });
    }
    expect(await daysAgainstHours(), 'the days against the hours').toEqual({ call_branch_days: 0, call_csr_days: 0 });
  });

  it('holds every call of the demo history (written by the seed, through the trigger)', async () => {
    expect(await differences(sql`true`)).toBe(0);
    expect(await daysAgainstHours(), 'the demo history by day').toEqual({ call_branch_days: 0, call_csr_days: 0 });
  });
});
