/**
 * How a list is paged, sorted and filtered (call-handling.md §5, §9): pages by number and by cursor cover every row
 * once in the order asked for; date filters compare whole days in America/Chicago; times come back as
 * 'YYYY-MM-DD HH:mm:ss' in America/Chicago; a call source without the 'Outbound-' prefix is logged. What a list holds
 * and its rows are in outbound-listing.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { OUTBOUND_SORT_FIELDS, type OutboundListResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { getJson, idsOf, insertOutbound, list, signinAll, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

const exec = (q: ReturnType<typeof sql>) => t.db.execute(q);

describe('paging and sorting', () => {
  it('pages through a list without gaps or repeats, with the same total on every page', async () => {
    const all = await list(t, s.admin, 'general', 'Cancel');
    expect(all.total).toBeGreaterThan(100);
    const seen: number[] = [];
    for (let page = 1; (page - 1) * 40 < all.total; page++) {
      const a = await getJson<OutboundListResponse>(
        t,
        s.admin,
        `/api/call-center/outbound/Cancel?page=${page}&pageSize=40`,
      );
      expect(a.status).toBe(200);
      expect(a.body.total).toBe(all.total);
      expect(a.body.page).toBe(page);
      expect(a.body.pageSize).toBe(40);
      expect(a.body.data.length).toBe(Math.min(40, all.total - (page - 1) * 40));
      seen.push(...idsOf(a.body));
    }
    expect(seen).toEqual(idsOf(all));
    const beyond = await getJson<OutboundListResponse>(t, s.admin, '/api/call-center/outbound/Cancel?page=999');
    expect(beyond.body).toMatchObject({ data: [], total: all.total, page: 999, pageSize: 25 });
  });

  /** Every page of a list read by cursor (decision 034): each page asks for the rows after the one before's last. */
  async function walk(type: string, query: string, pageSize: number): Promise<number[]> {
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 1; page < 1000; page++) {
      const cursor: string = after === null ? '' : `&after=${after}`;
      const url = `/api/call-center/outbound/${type}?page=${page}&pageSize=${pageSize}&${query}${cursor}`;
      const a = await getJson<OutboundListResponse>(t, s.admin, url);
      expect(a.status, url).toBe(200);
      expect(a.body.page).toBe(page);
      seen.push(...idsOf(a.body));
      if (a.body.data.length < pageSize) return seen;
      after = a.body.next;
      expect(after).not.toBeNull();
    }
    throw new Error('the walk did not end');
  }

  it('walks every page by cursor exactly once, every sort both ways, ties and empty dates included', async () => {
    // Ties on every sort column and rows without a call target or last-called time, across page boundaries.
    const added: number[] = [];
    for (let i = 0; i < 9; i++) {
      added.push(
        await insertOutbound(t, {
          type: 'Upsell',
          branchNo: 'SLI010',
          sqldbid: 17501,
          custNo: 990100 + (i % 2),
          lastName: 'Same',
          firstName: i % 3 === 0 ? 'same' : 'Same',
          callBackDate: i % 3 === 0 ? null : new Date('2026-06-01T15:00:00.123456Z'),
          lastAccessDate: i % 2 === 0 ? null : new Date('2026-05-01T15:00:00Z'),
        }),
      );
    }
    try {
      for (const sort of OUTBOUND_SORT_FIELDS) {
        for (const dir of ['asc', 'desc'] as const) {
          const query = `sort=${sort}&dir=${dir}`;
          const whole = idsOf(await list(t, s.admin, 'general', 'Upsell', query));
          expect(whole.length).toBeGreaterThan(20);
          expect(await walk('Upsell', query, 8), query).toEqual(whole);
        }
      }
    } finally {
      await exec(sql`delete from outbound_calls where outbound_id in ${sql.raw(`(${added.join(',')})`)}`);
    }
  });

  it('takes a jump by page number and the next step by cursor alike, and refuses a cursor it did not give', async () => {
    const whole = idsOf(await list(t, s.admin, 'general', 'Cancel', 'sort=LastName&dir=desc'));
    const third = await getJson<OutboundListResponse>(
      t,
      s.admin,
      '/api/call-center/outbound/Cancel?page=3&pageSize=10&sort=LastName&dir=desc',
    );
    expect(idsOf(third.body)).toEqual(whole.slice(20, 30));
    const fourth = await getJson<OutboundListResponse>(
      t,
      s.admin,
      `/api/call-center/outbound/Cancel?page=4&pageSize=10&sort=LastName&dir=desc&after=${third.body.next}`,
    );
    expect(idsOf(fourth.body)).toEqual(whole.slice(30, 40));
    const empty = await getJson<OutboundListResponse>(t, s.admin, '/api/call-center/outbound/Cancel?page=999');
    expect(empty.body.next).toBeNull();

    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [k0, k1] = JSON.parse(Buffer.from(third.body.next!, 'base64url').toString()).k as string[];
    const lastName = 'sort=LastName&dir=desc';
    for (const [order, after, says] of [
      [lastName, 'not a cursor!', 'is not a cursor this list gave'],
      [lastName, forged([1, 2]), 'is not a cursor this list gave'],
      [lastName, forged({ o: 'LastName desc', k: [k0] }), 'is not a cursor this list gave'],
      [lastName, forged({ o: 'LastName asc', k: [k0, k1] }), "belongs to the order 'LastName asc'"],
      [lastName, forged({ o: 'LastName desc', k: [k0, 'x'] }), 'value 2 of the cursor is not a integer'],
      [lastName, forged({ o: 'LastName desc', k: [k0, null] }), 'value 2 of the cursor cannot be empty'],
      [
        'sort=callBackDate&dir=asc',
        forged({ o: 'callBackDate asc', k: ['2026-13-01 00:00:00+00', '1'] }),
        'value 1 of the cursor is not a datetime',
      ],
      [lastName, 'a'.repeat(5000), 'is not a cursor this list gave'],
    ] as const) {
      const url = `/api/call-center/outbound/Cancel?${order}&after=${encodeURIComponent(after)}`;
      const a = await getJson<OutboundListResponse>(t, s.admin, url);
      expect(a.status, after).toBe(400);
      expect(a.response.body, after).toContain('after');
      expect(a.response.body, after).toContain(says);
    }
  });

  it('defaults to page 1 of 25 sorted by call target ascending', async () => {
    const a = await getJson<OutboundListResponse>(t, s.admin, '/api/call-center/outbound/Upsell');
    expect(a.status).toBe(200);
    expect(a.body.page).toBe(1);
    expect(a.body.pageSize).toBe(25);
    expect(a.body.data).toHaveLength(25);
    const explicit = await list(t, s.admin, 'general', 'Upsell', 'sort=callBackDate&dir=asc');
    expect(idsOf(a.body)).toEqual(idsOf(explicit).slice(0, 25));
  });

  async function instants(outboundIds: number[], column: 'call_back_date' | 'last_access_date') {
    const rows = rowsOf<{ id: number; ms: number | null }>(
      await exec(sql`select outbound_id as id, (extract(epoch from ${sql.raw(column)}) * 1000)::float8 as ms
        from outbound_calls where outbound_id in ${sql.raw(`(${outboundIds.join(',')})`)}`),
    );
    const byId = new Map(rows.map((r) => [r.id, r.ms === null ? null : Number(r.ms)]));
    return outboundIds.map((id) => byId.get(id) ?? null);
  }

  function expectOrdered<T>(values: (T | null)[], dir: 'asc' | 'desc', cmp: (a: T, b: T) => number) {
    const firstNull = values.indexOf(null);
    if (firstNull >= 0) expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
    const present = values.filter((v): v is T => v !== null);
    for (let i = 1; i < present.length; i++) {
      const c = cmp(present[i - 1] as T, present[i] as T);
      expect(dir === 'asc' ? c <= 0 : c >= 0).toBe(true);
    }
  }

  it('sorts by call target both ways, with rows without a target last', async () => {
    await insertOutbound(t, { type: 'Upsell', branchNo: 'SLI010', sqldbid: 17501, callBackDate: null });
    for (const dir of ['asc', 'desc'] as const) {
      const page = await list(t, s.admin, 'general', 'Upsell', `sort=callBackDate&dir=${dir}`);
      const values = await instants(idsOf(page), 'call_back_date');
      expect(values.at(-1)).toBeNull();
      expectOrdered(values, dir, (a, b) => a - b);
    }
  });

  it('sorts by last called both ways', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const page = await list(t, s.admin, 'general', 'CustomerSurvey', `sort=lastAccessDate&dir=${dir}`);
      expectOrdered(await instants(idsOf(page), 'last_access_date'), dir, (a, b) => a - b);
    }
  });

  it('sorts by customer number both ways, ties by outbound id', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const page = await list(t, s.admin, 'general', 'Cancel', `sort=cust_No&dir=${dir}`);
      const keys = page.data.map((r) => [r.cust_No, r.OutboundId] as const);
      for (let i = 1; i < keys.length; i++) {
        const [pc, pi] = keys[i - 1] as readonly [number, number];
        const [c, id] = keys[i] as readonly [number, number];
        const cmp = pc - c || pi - id;
        expect(dir === 'asc' ? cmp < 0 : cmp > 0).toBe(true);
      }
    }
  });

  it('accepts every documented sort field', async () => {
    for (const sort of OUTBOUND_SORT_FIELDS) {
      const a = await getJson<OutboundListResponse>(
        t,
        s.admin,
        `/api/call-center/outbound/Cancel?sort=${sort}&dir=desc`,
      );
      expect(a.status, sort).toBe(200);
      expect(a.body.total).toBeGreaterThan(0);
    }
  });

  it.each([
    ['sort=Bogus', 'sort'],
    ['sort=outbound_id', 'sort'],
    ['dir=up', 'dir'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=1501', 'pageSize'],
    ['pageSize=-3', 'pageSize'],
    ['pageSize=2.5', 'pageSize'],
    ['page=x', 'page'],
    ['page=0', 'page'],
    ['page=1e30', 'page'],
    ['page=9007199254740991&pageSize=1500', 'page'],
    ['callTargetFrom=2026-6-1', 'callTargetFrom'],
    ['callTargetTo=yesterday', 'callTargetTo'],
    ['lastCalledFrom=2026-02-30', 'lastCalledFrom'],
    ['lastCalledTo=2026-13-01', 'lastCalledTo'],
    ['callTargetFrom=2026-00-10', 'callTargetFrom'],
    ['callTargetTo=2026-04-31', 'callTargetTo'],
    ['lastCalledFrom=0000-01-01', 'lastCalledFrom'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    for (const base of ['outbound', 'outboundcof', 'outboundind']) {
      const a = await getJson<{ error: string; message: string; errors?: Record<string, string> }>(
        t,
        s.admin,
        `/api/call-center/${base}/Cancel?${query}`,
      );
      expect(a.status, `${base} ${query}`).toBe(400);
      expect(a.body.error).toBe('VALIDATION');
      expect(a.body.message.startsWith(`${field}: `), a.body.message).toBe(true);
    }
  });

  it.each(['Bogus', 'Inbound', 'cancel', '1', 'WebLeads'])(
    'refuses the call type %s with a 400 naming callType',
    async (type) => {
      for (const base of ['outbound', 'outboundcof', 'outboundind']) {
        const a = await getJson<{ message: string }>(t, s.admin, `/api/call-center/${base}/${type}`);
        expect(a.status).toBe(400);
        expect(a.body.message.startsWith('callType: '), a.body.message).toBe(true);
      }
    },
  );
});

describe('dates and times', () => {
  // 2026-06-10 23:30 in Chicago (CDT, UTC-5) is 2026-06-11 04:30 UTC.
  const LATE_EVENING = new Date('2026-06-11T04:30:00Z');
  // Midnight at the start of 2026-06-11 in Chicago.
  const MIDNIGHT = new Date('2026-06-11T05:00:00Z');

  async function pageIds(query: string): Promise<number[]> {
    return idsOf(await list(t, s['csr.franchise'], 'ind', 'CommercialLead', query));
  }

  it('callTarget filters compare whole days in America/Chicago', async () => {
    const late = await insertOutbound(t, { type: 'CommercialLead', callBackDate: LATE_EVENING, custNo: 990300 });
    const midnight = await insertOutbound(t, { type: 'CommercialLead', callBackDate: MIDNIGHT, custNo: 990301 });
    const on10 = await pageIds('callTargetFrom=2026-06-10&callTargetTo=2026-06-10');
    expect(on10).toContain(late);
    expect(on10).not.toContain(midnight);
    const on11 = await pageIds('callTargetFrom=2026-06-11&callTargetTo=2026-06-11');
    expect(on11).not.toContain(late);
    expect(on11).toContain(midnight);
    expect(await pageIds('callTargetFrom=2026-06-11')).not.toContain(late);
    expect(await pageIds('callTargetTo=2026-06-10')).toContain(late);
    expect(await pageIds('callTargetTo=2026-06-09')).not.toContain(late);
    expect(await pageIds('callTargetFrom=2026-06-10')).toEqual(expect.arrayContaining([late, midnight]));
    // An empty range (from after to) holds nothing.
    expect(await pageIds('callTargetFrom=2026-06-11&callTargetTo=2026-06-10')).toEqual([]);

    const page = await list(
      t,
      s['csr.franchise'],
      'ind',
      'CommercialLead',
      'callTargetFrom=2026-06-10&callTargetTo=2026-06-10',
    );
    expect(page.data.find((r) => r.OutboundId === late)?.callBackDate).toBe('2026-06-10 23:30:00');
    // The total equals a recount of the day in Chicago.
    const recount = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from outbound_calls o where not call_complete and deleted_at is null
        and cust_no is not null and cust_no <> -1 and type = 'CommercialLead' and branchno in ('SG101', 'SG102')
        and (call_back_date at time zone 'America/Chicago')::date = date '2026-06-10'`),
    );
    expect(page.total).toBe(recount[0]?.n);
  });

  it('lastCalled filters compare whole days in America/Chicago', async () => {
    const late = await insertOutbound(t, { type: 'CommercialLead', lastAccessDate: LATE_EVENING, custNo: 990310 });
    const midnight = await insertOutbound(t, { type: 'CommercialLead', lastAccessDate: MIDNIGHT, custNo: 990311 });
    const on10 = await pageIds('lastCalledFrom=2026-06-10&lastCalledTo=2026-06-10');
    expect(on10).toContain(late);
    expect(on10).not.toContain(midnight);
    expect(await pageIds('lastCalledFrom=2026-06-11')).not.toContain(late);
    expect(await pageIds('lastCalledFrom=2026-06-11')).toContain(midnight);
    expect(await pageIds('lastCalledTo=2026-06-10')).not.toContain(midnight);
    const page = await list(
      t,
      s['csr.franchise'],
      'ind',
      'CommercialLead',
      'lastCalledFrom=2026-06-10&lastCalledTo=2026-06-10',
    );
    const row = page.data.find((r) => r.OutboundId === late);
    expect(row?.lastAccessDate).toBe('2026-06-10 23:30:00');
    expect(row?.LastCalled).toBe('2026-06-10 23:30:00');
    // Rows never called are not in any last-called range.
    const never = await insertOutbound(t, { type: 'CommercialLead', lastAccessDate: null, custNo: 990312 });
    expect(await pageIds('lastCalledFrom=2000-01-01')).not.toContain(never);
    expect(await pageIds('')).toContain(never);
  });

  it('both filters together narrow to rows meeting both', async () => {
    const both = await insertOutbound(t, {
      type: 'CommercialLead',
      callBackDate: new Date('2026-03-20T17:00:00Z'),
      lastAccessDate: new Date('2026-03-18T17:00:00Z'),
      custNo: 990320,
    });
    const q = 'callTargetFrom=2026-03-20&callTargetTo=2026-03-20';
    expect(await pageIds(`${q}&lastCalledFrom=2026-03-18&lastCalledTo=2026-03-18`)).toContain(both);
    expect(await pageIds(`${q}&lastCalledFrom=2026-03-19`)).not.toContain(both);
  });

  it('times come back as YYYY-MM-DD HH:mm:ss in America/Chicago, summer and winter', async () => {
    const winter = await insertOutbound(t, {
      type: 'Extract',
      callBackDate: new Date('2026-01-15T12:00:00Z'),
      lastAccessDate: new Date('2026-01-15T05:59:59Z'),
      statusDate: new Date('2026-07-04T00:00:00Z'),
      custNo: 990400,
    });
    const page = await list(t, s['csr.franchise'], 'ind', 'Extract');
    const row = page.data.find((r) => r.OutboundId === winter);
    expect(row).toMatchObject({
      callBackDate: '2026-01-15 06:00:00',
      lastAccessDate: '2026-01-14 23:59:59',
      LastCalled: '2026-01-14 23:59:59',
      statusdate: '2026-07-03 19:00:00',
    });
    const pattern = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
    for (const r of (await list(t, s.admin, 'general', 'Cancel')).data) {
      for (const v of [r.callBackDate, r.lastAccessDate, r.LastCalled, r.statusdate]) {
        expect(v ?? '2000-01-01 00:00:00').toMatch(pattern);
      }
    }
  });
});

describe('call sources', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs a warning for a listed row whose source lacks the 'Outbound-' prefix, and none for good rows", async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const bad = await insertOutbound(t, {
      type: 'InboundFollowUp',
      callSource: 'Import-InboundFollowUp',
      custNo: 990500,
    });
    await list(t, s['csr.franchise'], 'ind', 'InboundFollowUp');
    const calls = warn.mock.calls.filter((c) => (c[0] as { outboundId?: number }).outboundId === bad);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toMatchObject({ outboundId: bad, callSource: 'Import-InboundFollowUp' });
    expect(String(calls[0]?.[1])).toContain("'Outbound-'");

    warn.mockClear();
    await exec(
      sql`update outbound_calls set call_source = 'Outbound-InboundFollowUp' where call_source not like 'Outbound-%'`,
    );
    await list(t, s.admin, 'general', 'InboundFollowUp');
    expect(warn).not.toHaveBeenCalled();
  });
});
