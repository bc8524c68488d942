/**
 * The supervisor's numbers (docs/decisions/082-report-definitions.md): the figures against the same figures computed
 * here by plain SQL over the rows, the state times against rows written here, the scope (a franchise supervisor sees
 * its branches and its CSRs only), the rule (supervisors and administrators), bad ranges, and the CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { periodLabels } from './service.js';

let t: TestApp;
let admin: string;
let franchiseSupervisor: string;
let csr: string;
let cofBranch: string;
const ids: Record<string, number> = {};
/** A name a spreadsheet would take for a formula: an agent named only by history. */
const FORMULA_AGENT = '=HYPERLINK("http://x")';
let COF_NAME = '';

async function report(token: string, query: string): Promise<ReportResponse> {
  const response = await t.call(token, { method: 'GET', url: `/api/supervisor/reports?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportResponse>();
}

async function call(user: string | null, branchNo: string, start: string, seconds: number, result: string, more = {}) {
  const o = { type: 'Inbound', total: '0', order: null as number | null, ...more };
  const end = new Date(new Date(start).getTime() + seconds * 1000).toISOString();
  await t.db.execute(sql`insert into call_history (csuser_id, csagent, sqldbid, cust_no, branchno, call_direction,
      call_result, call_type, call_start, call_end, totalcost, order_id)
    values (${user === null ? null : ids[user]}, ${user ?? FORMULA_AGENT}, 18001, 1001, ${branchNo}, 'Incoming',
      ${result}, ${o.type}, ${start}, ${end}, ${o.total}, ${o.order})`);
}

async function state(user: string, state: string, start: string, end: string | null) {
  await t.db.execute(sql`insert into agent_state_history (user_id, state, started_at, ended_at, source)
    values (${ids[user]}, ${state}, ${start}, ${end}, 'user')`);
}

/** The figures by plain SQL: the calls ended in Chicago's days [from, to], not cancelled, of the branches given. */
async function expected(from: string, to: string, branches: string[] | null) {
  const inBranches = branches ? sql`and branchno in ${sql.raw(`('${branches.join("','")}')`)}` : sql``;
  return rowsOf<{ key: string; calls: number; handle: number | null; sales: number; revenue: number; quotes: number }>(
    await t.db.execute(sql`select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), csagent) as key,
        count(*)::int as calls,
        round(avg(extract(epoch from call_end - call_start)))::int as handle,
        count(*) filter (where call_result in ('Sale', 'Upsell'))::int as sales,
        coalesce(sum(totalcost) filter (where call_result in ('Sale', 'Upsell')), 0)::float8 as revenue,
        count(order_id)::int as quotes
      from call_history left join users u on u.user_id = csuser_id
      where (call_end at time zone 'America/Chicago')::date between ${from}::date and ${to}::date
        and call_result <> 'Cancel' ${inBranches}
      group by 1 order by 1`),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  // The clock: 2023-11-08 at 12:00 in Chicago, before anybody signs in; csr.franchise's last Ready lasts until then.
  t.clock.advance((Date.parse('2023-11-08T18:00:00Z') - t.clock.now().getTime()) / 1000);
  await t.db.execute(sql`update users set role_id = 2 where username = 'csr.franchise'`);
  for (const r of rowsOf<{ username: string; user_id: number }>(
    await t.db.execute(sql`select username, user_id from users`),
  )) {
    ids[r.username] = r.user_id;
  }
  [admin, franchiseSupervisor, csr] = await Promise.all([
    t.signin('admin'),
    t.signin('csr.franchise'),
    t.signin('csr.cof'),
  ]);
  COF_NAME = rowsOf<{ name: string }>(
    await t.db.execute(sql`select first_name || ' ' || last_name as name from users where username = 'csr.cof'`),
  )[0]!.name;
  cofBranch = rowsOf<{ branchno: string }>(
    await t.db.execute(sql`select branchno from franchises where designation = 'COF' order by branchno limit 1`),
  )[0]!.branchno;
  // Tuesday 2023-11-07 and Wednesday the 8th (far from the demo's own history) in Chicago (CST, UTC-6).
  await call('csr.franchise', 'SG101', '2023-11-07T15:00:00Z', 300, 'Sale', { total: '120.50', order: 1 });
  await call('csr.franchise', 'SG102', '2023-11-07T15:10:00Z', 100, 'Not Interested', { type: 'WebLead' });
  await call('csr.franchise', 'SG101', '2023-11-08T16:00:00Z', 200, 'Upsell', { total: '80', order: 2 });
  await call('csr.franchise', 'SG101', '2023-11-08T16:20:00Z', 0, 'Cancel');
  await call(null, 'SG102', '2023-11-08T17:00:00Z', 60, 'Interested Prospect', { order: 3 });
  await call('csr.cof', cofBranch, '2023-11-07T15:00:00Z', 400, 'Sale', { total: '99' });
  // 23:30 on the 8th in Chicago is the 9th in UTC: still the 8th's.
  await call('csr.cof', cofBranch, '2023-11-09T05:30:00Z', 40, 'Not Interested');
  // Before the range (the 6th in Chicago, the 7th in UTC).
  await call('csr.franchise', 'SG101', '2023-11-07T05:00:00Z', 50, 'Sale', { total: '10' });
  // States of csr.franchise: an Away begun before the range, then Ready, On call, a Wrap-up, Ready still open.
  await state('csr.franchise', 'Away', '2023-11-07T05:00:00Z', '2023-11-07T06:30:00Z');
  await state('csr.franchise', 'Ready', '2023-11-07T06:30:00Z', '2023-11-07T15:00:00Z');
  await state('csr.franchise', 'On call', '2023-11-07T15:00:00Z', '2023-11-07T15:05:00Z');
  await state('csr.franchise', 'Wrap-up', '2023-11-07T15:05:00Z', '2023-11-07T15:05:40Z');
  await state('csr.franchise', 'Offline', '2023-11-07T15:05:40Z', '2023-11-08T15:00:00Z');
  await state('csr.franchise', 'Wrap-up', '2023-11-08T15:00:00Z', '2023-11-08T15:00:20Z');
  await state('csr.franchise', 'Ready', '2023-11-08T15:00:20Z', null);
  await state('csr.cof', 'Ready', '2023-11-07T14:00:00Z', '2023-11-07T15:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

describe('the figures', () => {
  it('are the calls of the range per CSR, as plain SQL counts them, in every branch for an administrator', async () => {
    const got = await report(admin, 'from=2023-11-07&to=2023-11-08&groupBy=csr');
    const want = await expected('2023-11-07', '2023-11-08', null);
    expect(
      got.groups
        .filter((g) => g.calls > 0)
        .map((g) => g.key)
        .sort(),
    ).toEqual(want.map((w) => w.key).sort());
    for (const w of want) {
      const g = got.groups.find((x) => x.key === w.key)!;
      expect({
        calls: g.calls,
        handle: g.averageHandleSeconds,
        sales: g.sales,
        revenue: g.revenue,
        quotes: g.quotes,
      }).toEqual({ calls: w.calls, handle: w.handle, sales: w.sales, revenue: w.revenue, quotes: w.quotes });
      expect(g.conversion).toBe(Math.round((w.sales / w.calls) * 1000) / 1000);
    }
    expect(got.total.calls).toBe(want.reduce((n, w) => n + w.calls, 0));
    expect(got.periods.map((p) => p.period)).toEqual(['2023-11-07', '2023-11-08']);
  });

  it('are known for the calls written here: the cancelled one and the one before the range left out', async () => {
    const got = await report(franchiseSupervisor, 'from=2023-11-07&to=2023-11-08&groupBy=csr');
    const riley = got.groups.find((g) => g.key === 'Riley Franks')!;
    expect(riley).toMatchObject({ label: 'Riley Franks', calls: 3, sales: 2, averageHandleSeconds: 200 });
    expect(riley).toMatchObject({ revenue: 200.5, quotes: 2, conversion: 0.667 });
  });

  it('gives time in each state cut at the range, the open state until now, and the average Wrap-up', async () => {
    const got = await report(franchiseSupervisor, 'from=2023-11-07&to=2023-11-08&groupBy=csr');
    const riley = got.groups.find((g) => g.key === 'Riley Franks')!;
    // Away from midnight Chicago (06:00Z) to 06:30Z; Ready 06:30–15:00Z, and 15:00:20Z on the 8th to now (18:00Z).
    expect(riley.stateSeconds).toEqual({
      Away: 1800,
      Ready: 8.5 * 3600 + (3 * 3600 - 20),
      'On call': 300,
      'Wrap-up': 60,
    });
    expect(riley.averageWrapUpSeconds).toBe(30);
    const day = await report(franchiseSupervisor, 'from=2023-11-08&to=2023-11-08&groupBy=csr&interval=hour');
    // In this scope only csr.franchise has states: the hour's figures are theirs.
    const nine = day.periods.find((p) => p.period === '2023-11-08 09:00')!;
    expect(nine.stateSeconds).toMatchObject({ 'Wrap-up': 20, Ready: 3600 - 20 });
    expect(day.periods).toHaveLength(24);
  });

  it('groups by call type and by branch, states only in the total', async () => {
    const byType = await report(franchiseSupervisor, 'from=2023-11-07&to=2023-11-08&groupBy=type');
    expect(byType.groups.map((g) => [g.key, g.calls])).toEqual(
      expect.arrayContaining([
        ['Inbound', 3],
        ['WebLead', 1],
      ]),
    );
    expect(byType.groups.find((g) => g.key === 'WebLead')?.label).toBe('Web Leads');
    expect(byType.groups.every((g) => g.stateSeconds === null)).toBe(true);
    expect(byType.total.stateSeconds?.['On call']).toBe(300);
    const byBranch = await report(franchiseSupervisor, 'from=2023-11-07&to=2023-11-08&groupBy=branch');
    const want = await expected('2023-11-07', '2023-11-08', ['SG101', 'SG102']);
    expect(byBranch.total.calls).toBe(want.reduce((n, w) => n + w.calls, 0));
    expect(byBranch.groups.map((g) => g.key).sort()).toEqual(['SG101', 'SG102']);
  });
});

describe('the periods', () => {
  it('are the call centre hours, a day the clock changes having 23 or 24 of them', () => {
    const spring = periodLabels({ from: '2026-03-08', to: '2026-03-08', interval: 'hour' });
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain('2026-03-08 02:00');
    const fall = periodLabels({ from: '2026-11-01', to: '2026-11-01', interval: 'hour' });
    expect(fall).toHaveLength(24);
    expect(fall.slice(0, 3)).toEqual(['2026-11-01 00:00', '2026-11-01 01:00', '2026-11-01 02:00']);
    expect(periodLabels({ from: '2026-02-27', to: '2026-03-02', interval: 'day' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('scope and rule', () => {
  it('shows a franchise supervisor its branches calls and its CSRs states only', async () => {
    const got = await report(franchiseSupervisor, 'from=2023-11-07&to=2023-11-08&groupBy=csr');
    expect(got.groups.map((g) => g.key)).not.toContain(COF_NAME);
    const all = await report(admin, 'from=2023-11-07&to=2023-11-08&groupBy=csr');
    expect(all.groups.find((g) => g.key === COF_NAME)?.stateSeconds?.Ready).toBe(3600);
  });

  it('refuses a CSR, and a caller without a session', async () => {
    const refused = await t.call(csr, {
      method: 'GET',
      url: '/api/supervisor/reports?from=2023-11-07&to=2023-11-08&groupBy=csr',
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/supervisor/reports?from=2023-11-07&to=2023-11-08&groupBy=csr',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['from=2023-11-09&to=2023-11-08&groupBy=csr', 'to'],
    ['from=2023-11-07&to=2023-11-08&groupBy=agent', 'groupBy'],
    ['from=2026-02-30&to=2026-03-04&groupBy=csr', 'from'],
    ['from=2022-01-01&to=2023-11-08&groupBy=csr', 'to'],
    ['from=2023-09-01&to=2023-11-08&groupBy=csr&interval=hour', 'interval'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const response = await t.call(admin, { method: 'GET', url: `/api/supervisor/reports?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(field);
  });
});

describe('the CSV', () => {
  it('holds the same figures, a formula-like name written as text', async () => {
    const got = await report(admin, 'from=2023-11-07&to=2023-11-08&groupBy=csr');
    const response = await t.call(admin, {
      method: 'GET',
      url: '/api/supervisor/reports/export?from=2023-11-07&to=2023-11-08&groupBy=csr',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toMatch(/^CSR,Day \(America\/Chicago\),Calls handled,/);
    expect(lines).toContain(`"'=HYPERLINK(""http://x"")",2023-11-07 to 2023-11-08,1,60,,0,0,0,0,0,0,0.00,1`);
    const riley = got.groups.find((g) => g.label === 'Riley Franks')!;
    expect(lines.find((l) => l.startsWith('Riley Franks,2023-11-07 to'))).toBe(
      `Riley Franks,2023-11-07 to 2023-11-08,${riley.calls},${riley.averageHandleSeconds},30,${riley.stateSeconds!.Ready},` +
        `300,60,1800,${riley.sales},${riley.conversion},${riley.revenue.toFixed(2)},${riley.quotes}`,
    );
  });
});

describe('who is listed by CSR', () => {
  it('the CSRs and whoever has calls: an account that takes no calls is not a row for its states alone', async () => {
    // Friday 2023-11-10 in Chicago, a day of its own. The administrator, the user manager and the measurer were left
    // in states (as a phone system's event or a zero-length state can leave anyone); only the administrator took a
    // call.
    for (const user of ['admin', 'usermanager', 'measurer', 'csr.corporate']) {
      await state(user, 'Ready', '2023-11-10T15:00:00Z', '2023-11-10T16:00:00Z');
      await state(user, 'Away', '2023-11-10T16:00:00Z', '2023-11-10T16:00:00Z');
    }
    await call('admin', cofBranch, '2023-11-10T15:10:00Z', 120, 'Sale', { total: '50' });
    const got = await report(admin, 'from=2023-11-10&to=2023-11-10&groupBy=csr');
    const name = async (username: string) =>
      rowsOf<{ name: string }>(
        await t.db.execute(sql`select first_name || ' ' || last_name as name from users where username = ${username}`),
      )[0]!.name;
    const [administrator, manager, measurer, corporate] = await Promise.all(
      ['admin', 'usermanager', 'measurer', 'csr.corporate'].map(name),
    );
    const keys = got.groups.map((g) => g.key);
    expect(keys).toEqual(expect.arrayContaining([administrator, corporate]));
    expect(keys).not.toContain(manager);
    expect(keys).not.toContain(measurer);
    // The administrator is there by its call; its states are not a CSR's time, in its row or in the total.
    expect(got.groups.find((g) => g.key === administrator)).toMatchObject({ calls: 1, sales: 1 });
    expect(got.groups.find((g) => g.key === administrator)?.stateSeconds?.Ready).toBe(0);
    expect(got.groups.find((g) => g.key === corporate)?.stateSeconds?.Ready).toBe(3600);
    expect(got.total.stateSeconds?.Ready).toBe(3600);
  });
});
