/**
 * The hours' rollup of the agent states (docs/decisions/088-state-hours-rollup.md): for random sequences of states —
 * crossing hours, days and a change of Chicago's clock, of no length, one still open — written as the app writes them
 * (a row opened, then closed by an update), in bulk as the demo's past and the bench write them, changed and deleted,
 * the report's state figures read from the rollups (by hour the hours', by day the days', decision
 * docs/decisions/099-state-days-rollup.md) equal the same figures cut from the raw history, per CSR, per period and in
 * all, by day and by hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CALL_TIME_ZONE } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rawStateFigures } from './raw-state-figures-test-support.js';
import { stateFigures, type ReportRange } from './sql.js';

let t: TestApp;
let users: number[] = [];

const STATES = ['Ready', 'On call', 'Wrap-up', 'Away', 'Offline'] as const;
/** Lengths in seconds: none, seconds, minutes, across an hour, across a day. */
const LENGTHS = [0, 0, 7, 40, 300, 2_000, 3_600, 5_400, 30_000, 100_000];

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
  ready: number;
  on_call: number;
  wrap_up: number;
  away: number;
  wrap_up_avg: number | null;
}

/** The figures by (group, period), each rounded to the microsecond; a level without any time left out. */
function byCell(rows: Figure[]): Map<string, string> {
  const cells = new Map<string, string>();
  const r6 = (n: number | null) => (n === null ? 'null' : Number(n).toFixed(6));
  for (const row of rows) {
    const figures = [row.ready, row.on_call, row.wrap_up, row.away].map(r6).join(' ');
    if (figures === '0.000000 0.000000 0.000000 0.000000' && row.wrap_up_avg === null) continue;
    cells.set(`${row.key ?? '*'} | ${row.period ?? '*'}`, `${figures} avg ${r6(row.wrap_up_avg)}`);
  }
  return cells;
}

/** Writes one user's sequence from `start`: each state closed as the app closes it, some in bulk, the last left open. */
async function writeSequence(user: number, start: number, random: () => number, open: boolean): Promise<number> {
  let at = start;
  const bulk: { state: string; from: Date; to: Date }[] = [];
  const count = 8 + Math.floor(random() * 10);
  for (let i = 0; i < count; i++) {
    const state = STATES[Math.floor(random() * STATES.length)]!;
    const seconds = LENGTHS[Math.floor(random() * LENGTHS.length)]! + Math.floor(random() * 1_000) / 1_000;
    const from = new Date(at);
    const to = new Date(at + seconds * 1000);
    const last = i === count - 1;
    if (last && open) {
      await t.db.execute(sql`insert into agent_state_history (user_id, state, started_at, source)
        values (${user}, ${state}, ${from.toISOString()}, 'user')`);
    } else if (random() < 0.5) {
      bulk.push({ state, from, to });
    } else {
      // As a state change does: the row opened, then closed when the next begins.
      const [row] = rowsOf<{ id: number }>(
        await t.db.execute(sql`insert into agent_state_history (user_id, state, started_at, source)
          values (${user}, ${state}, ${from.toISOString()}, 'user') returning id`),
      );
      await t.db.execute(sql`update agent_state_history set ended_at = ${to.toISOString()} where id = ${row!.id}`);
    }
    at = to.getTime();
  }
  if (bulk.length) {
    await t.db.execute(sql`insert into agent_state_history (user_id, state, started_at, ended_at, source)
      values ${sql.join(
        bulk.map((b) => sql`(${user}, ${b.state}, ${b.from.toISOString()}, ${b.to.toISOString()}, 'session')`),
        sql`, `,
      )}`);
  }
  return at;
}

async function compare(range: ReportRange, now: Date): Promise<void> {
  const all = { kind: 'all' } as const;
  const rolled = rowsOf<Figure>(await t.db.execute(stateFigures(all, range, now, true)));
  const raw = rowsOf<Figure>(await t.db.execute(rawStateFigures(all, range, now)));
  expect(byCell(rolled), `${range.from}…${range.to} by ${range.interval}`).toEqual(byCell(raw));
}

beforeAll(async () => {
  t = await createTestApp();
  users = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username in ('csr.cof', 'csr.franchise', 'csr.corporate')
      order by user_id`),
  ).map((r) => r.user_id);
});
afterAll(async () => {
  await t?.close();
});

describe('the hours and days rollups of the agent states', () => {
  it('gives the figures cut from the raw history, for random sequences written, changed and deleted', async () => {
    // Around Sunday 2022-03-13, when Chicago's clock went from CST to CDT; far from the demo's own history.
    const base = Date.parse('2022-03-11T04:17:23.250Z');
    for (const seed of [1, 2, 3]) {
      const random = generator(seed);
      let last = base;
      for (const [i, user] of users.entries()) {
        last = Math.max(last, await writeSequence(user, base + i * 1_234_567, random, i !== 1));
      }
      // Some closed rows changed and deleted afterwards: their old parts must leave the rollup.
      await t.db.execute(sql`update agent_state_history set ended_at = ended_at + interval '1 hour 7 minutes'
        where started_at >= ${new Date(base).toISOString()} and ended_at is not null and id % 3 = 0`);
      await t.db.execute(sql`delete from agent_state_history
        where started_at >= ${new Date(base).toISOString()} and ended_at is not null and id % 5 = 0`);
      const now = new Date(last + 3_600_000 + Math.floor(random() * 7_200_000));
      await compare({ from: '2022-03-10', to: '2022-03-20', groupBy: 'csr', interval: 'day' }, now);
      await compare({ from: '2022-03-12', to: '2022-03-13', groupBy: 'csr', interval: 'hour' }, now);
      await compare({ from: '2022-03-14', to: '2022-03-14', groupBy: 'csr', interval: 'day' }, now);
      await compare({ from: '2022-03-11', to: '2022-03-15', groupBy: 'csr', interval: 'hour' }, now);
      // A range that ends before the open states end: they are cut at its end.
      await compare({ from: '2022-03-11', to: '2022-03-11', groupBy: 'csr', interval: 'hour' }, now);

      await t.db.execute(sql`delete from agent_state_history where started_at >= ${new Date(base).toISOString()}`);
      const [left] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from agent_state_hours
          where hour >= ${new Date(base - 3_600_000).toISOString()} and (micros <> 0 or began <> 0 or began_micros <> 0)`),
      );
      expect(left!.n, 'the rollup of deleted rows').toBe(0);
      const [leftDays] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from agent_state_days
          where day >= '2022-03-09' and (micros <> 0 or began <> 0 or began_micros <> 0)`),
      );
      expect(leftDays!.n, 'the days of deleted rows').toBe(0);
    }
  });

  it('holds the hours of every closed state of the demo history (written by the seed, through the trigger)', async () => {
    const [diff] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from (
          select hour, user_id, state, micros, began, began_micros from agent_state_hours
            where micros <> 0 or began <> 0 or began_micros <> 0
          except
          select p.hour, p.user_id, p.state, sum(p.micros), sum(p.began), sum(p.began_micros)
            from agent_state_history r, agent_state_hours_of(r.user_id, r.state, r.started_at, r.ended_at, 1) p
            group by 1, 2, 3) d`),
    );
    expect(diff!.n).toBe(0);
  });

  it('holds in its days the hours summed per day of the call centre (the days the report reads by day)', async () => {
    const [diff] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from (
          (select day, user_id, state, micros, began, began_micros from agent_state_days
            where micros <> 0 or began <> 0 or began_micros <> 0
          except
          select (hour at time zone ${CALL_TIME_ZONE})::date, user_id, state, sum(micros), sum(began),
              sum(began_micros)
            from agent_state_hours group by 1, 2, 3 having sum(micros) <> 0 or sum(began) <> 0 or sum(began_micros) <> 0)
          union all
          (select (hour at time zone ${CALL_TIME_ZONE})::date, user_id, state, sum(micros), sum(began),
              sum(began_micros)
            from agent_state_hours group by 1, 2, 3 having sum(micros) <> 0 or sum(began) <> 0 or sum(began_micros) <> 0
          except
          select day, user_id, state, micros, began, began_micros from agent_state_days)) d`),
    );
    expect(diff!.n).toBe(0);
  });
});
