/**
 * Deleting calls and closing web leads (call-handling.md §4 list effects, §7): the rows leave the
 * list and the count drops by exactly as many; any bad id refuses the whole request with a 400
 * naming `ids` and changes nothing; two deletes racing for the same rows succeed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  countOf,
  countsDrift,
  insertOutbound,
  list,
  postJson,
  signinAll,
  userId,
  type Sessions,
  type Variant,
} from './test-support.js';

let t: TestApp;
let s: Sessions;
let cofId: number;
let franchiseId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  cofId = await userId(t, 'csr.cof');
  franchiseId = await userId(t, 'csr.franchise');
});
afterAll(async () => {
  await t.close();
});

const DELETE = '/api/call-center/outbound/delete';
const COMPLETE_WEB = '/api/call-center/outbound/complete-web-leads';
const DELETE_WEB = '/api/call-center/outbound/delete-web-leads';

interface ErrorBody {
  error: string;
  message: string;
  errors?: Record<string, string>;
}

/** Everything a refused request must leave alone. */
async function snapshot(): Promise<unknown> {
  return {
    counts: rowsOf(await t.db.execute(sql`select branchno, type, n from outbound_counts order by branchno, type`)),
    rows: rowsOf(
      await t.db.execute(sql`select count(*)::int as n, count(deleted_at)::int as deleted,
        count(*) filter (where call_complete)::int as complete, coalesce(max(deleted_by), 0)::int as by,
        string_agg(call_status, '' order by outbound_id) as statuses from outbound_calls`),
    ),
    webLeads: rowsOf(
      await t.db.execute(sql`select status, count(*)::int as n, count(closed_by)::int as closed
        from web_leads group by status order by status`),
    ),
  };
}

async function firstIds(token: string, variant: Variant, type: string, n: number, query = ''): Promise<number[]> {
  const page = await list(t, token, variant, type, query);
  if (page.data.length < n) throw new Error(`need ${n} ${type} rows, have ${page.data.length}`);
  return page.data.slice(0, n).map((r) => r.OutboundId);
}

async function expectRefused(token: string, url: string, payload: unknown, field: string): Promise<void> {
  const before = await snapshot();
  const a = await postJson<ErrorBody>(t, token, url, payload);
  expect(a.status, `${url} ${JSON.stringify(payload)}: ${a.response.body}`).toBe(400);
  expect(a.body.error).toBe('VALIDATION');
  expect(a.body.message.startsWith(field), a.body.message).toBe(true);
  expect(await snapshot()).toEqual(before);
}

describe('POST /api/call-center/outbound/delete', () => {
  it('marks the rows deleted by the user at the current time; list and count drop by exactly that many', async () => {
    const total = (await list(t, s['csr.cof'], 'cof', 'Upsell')).total;
    const count = await countOf(t, s['csr.cof'], 'cof', 'Upsell');
    expect(count).toBe(total);
    const ids = await firstIds(s['csr.cof'], 'cof', 'Upsell', 3);
    const a = await postJson(t, s['csr.cof'], DELETE, { ids, csr: cofId });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ changed: 3 });
    const after = await list(t, s['csr.cof'], 'cof', 'Upsell');
    expect(after.total).toBe(total - 3);
    for (const id of ids) expect(after.data.map((r) => r.OutboundId)).not.toContain(id);
    expect(await countOf(t, s['csr.cof'], 'cof', 'Upsell')).toBe(count - 3);
    const rows = rowsOf<{ deleted_at: string | Date; deleted_by: number }>(
      await t.db.execute(
        sql`select deleted_at, deleted_by from outbound_calls where outbound_id in ${sql.raw(`(${ids.join(',')})`)}`,
      ),
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.deleted_by).toBe(cofId);
      expect(new Date(r.deleted_at).toISOString()).toBe(t.clock.now().toISOString());
    }
    expect(await countsDrift(t)).toEqual([]);
  });

  it('works without csr, and counts a duplicated id once', async () => {
    const before = await countOf(t, s['csr.franchise'], 'ind', 'Cancel');
    const [id] = await firstIds(s['csr.franchise'], 'ind', 'Cancel', 1);
    const a = await postJson(t, s['csr.franchise'], DELETE, { ids: [id, id] });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ changed: 1 });
    expect(await countOf(t, s['csr.franchise'], 'ind', 'Cancel')).toBe(before - 1);
  });

  it('refuses ids of another franchise, already-deleted, completed, unknown and hidden rows, changing nothing', async () => {
    const [own] = await firstIds(s['csr.cof'], 'cof', 'Cancel', 1);
    const [foreign] = await firstIds(s['csr.franchise'], 'ind', 'Cancel', 1);
    const [sg103] = await firstIds(s['csr.corporate'], 'ind', 'Cancel', 1, 'branches=SG103');
    const deleted = await insertOutbound(t, { deletedAt: new Date('2026-06-01T00:00:00Z'), deletedBy: franchiseId });
    const completed = await insertOutbound(t, { callComplete: true });
    const minusOne = await insertOutbound(t, { custNo: -1 });
    const noEval = await insertOutbound(t, { type: 'PropertyEval', enablePropEval: false });

    await expectRefused(s['csr.cof'], DELETE, { ids: [own, foreign] }, 'ids');
    await expectRefused(s['csr.franchise'], DELETE, { ids: [foreign, sg103] }, 'ids');
    await expectRefused(s['csr.franchise'], DELETE, { ids: [foreign, deleted] }, 'ids');
    await expectRefused(s['csr.franchise'], DELETE, { ids: [foreign, completed] }, 'ids');
    await expectRefused(s['csr.franchise'], DELETE, { ids: [foreign, minusOne] }, 'ids');
    await expectRefused(s['csr.franchise'], DELETE, { ids: [foreign, noEval] }, 'ids');
    await expectRefused(s['csr.franchise'], DELETE, { ids: [foreign, 99_999_999] }, 'ids');
    await expectRefused(s['csr.corporate'], DELETE, { ids: [own] }, 'ids');
    // The message names the offending id, not the good one.
    const a = await postJson<ErrorBody>(t, s['csr.cof'], DELETE, { ids: [own, foreign] });
    expect(a.body.message).toContain(String(foreign));
    expect(a.body.errors?.ids).toBeDefined();
  });

  it.each([
    ['an empty list', { ids: [] }],
    ['no ids', {}],
    ['a fraction', { ids: [1.5] }],
    ['a string', { ids: ['12'] }],
    ['zero', { ids: [0] }],
    ['a negative id', { ids: [-4] }],
    ['null', { ids: null }],
    ['not a list', { ids: 12 }],
  ])('refuses %s with a 400 naming ids and changes nothing', async (_name, payload) => {
    await expectRefused(s['csr.cof'], DELETE, payload, 'ids');
  });

  it('refuses more than 1000 ids', async () => {
    await expectRefused(s.admin, DELETE, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'ids');
  });

  it('refuses a csr other than the signed-in user with a 400 naming csr', async () => {
    const ids = await firstIds(s['csr.cof'], 'cof', 'Cancel', 2);
    await expectRefused(s['csr.cof'], DELETE, { ids, csr: franchiseId }, 'csr');
    await expectRefused(s['csr.cof'], DELETE, { ids, csr: 0 }, 'csr');
    await expectRefused(s['csr.cof'], DELETE, { ids, csr: 'me' }, 'csr');
  });

  it('the same request twice: the second is a 400 and nothing else changes', async () => {
    const ids = await firstIds(s['csr.cof'], 'cof', 'SkippedRounds', 2);
    const count = await countOf(t, s['csr.cof'], 'cof', 'SkippedRounds');
    expect((await postJson(t, s['csr.cof'], DELETE, { ids })).body).toEqual({ changed: 2 });
    expect(await countOf(t, s['csr.cof'], 'cof', 'SkippedRounds')).toBe(count - 2);
    await expectRefused(s['csr.cof'], DELETE, { ids }, 'ids');
    expect(await countOf(t, s['csr.cof'], 'cof', 'SkippedRounds')).toBe(count - 2);
  });

  it('two simultaneous deletes of overlapping ids: exactly one succeeds, counts stay equal to a recount', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = await firstIds(s['csr.cof'], 'cof', 'CustomerSurvey', 3);
      const count = await countOf(t, s['csr.cof'], 'cof', 'CustomerSurvey');
      const [first, second] = await Promise.all([
        postJson(t, s['csr.cof'], DELETE, { ids: [a, b] }),
        postJson(t, s.admin, DELETE, { ids: [c, b] }),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses, `${first.response.body} ${second.response.body}`).toEqual([200, 400]);
      const winner = first.status === 200 ? [a, b] : [c, b];
      const loser = first.status === 200 ? c : a;
      const deleted = rowsOf<{ id: number }>(
        await t.db.execute(sql`select outbound_id as id from outbound_calls
          where outbound_id in (${a}, ${b}, ${c}) and deleted_at is not null order by 1`),
      ).map((r) => r.id);
      expect(deleted).toEqual([...winner].sort((x, y) => (x ?? 0) - (y ?? 0)));
      expect(deleted).not.toContain(loser);
      expect(await countOf(t, s['csr.cof'], 'cof', 'CustomerSurvey')).toBe(count - 2);
      expect((await list(t, s['csr.cof'], 'cof', 'CustomerSurvey')).total).toBe(count - 2);
      expect(await countsDrift(t)).toEqual([]);
    }
  });

  it('the same delete sent five times at once succeeds once', async () => {
    const ids = await firstIds(s['csr.franchise'], 'ind', 'Upsell', 4);
    const count = await countOf(t, s['csr.franchise'], 'ind', 'Upsell');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postJson(t, s['csr.franchise'], DELETE, { ids })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 400)).toHaveLength(4);
    expect(await countOf(t, s['csr.franchise'], 'ind', 'Upsell')).toBe(count - 4);
    expect(await countsDrift(t)).toEqual([]);
  });
});

describe('web leads: complete-web-leads and delete-web-leads', () => {
  async function webLeadState(ids: number[]) {
    return rowsOf<{
      outbound_id: number;
      call_complete: boolean;
      call_status: string;
      deleted_at: unknown;
      status: string;
      closed_by: number | null;
      closed_at: unknown;
      call_back_csr: number | null;
      last_access_date: unknown;
    }>(
      await t.db
        .execute(sql`select o.outbound_id, o.call_complete, o.call_status, o.deleted_at, w.status, w.closed_by, w.closed_at,
          o.call_back_csr, o.last_access_date
        from outbound_calls o join web_leads w on w.web_lead_id = o.web_lead_call_id
        where o.outbound_id in ${sql.raw(`(${ids.join(',')})`)} order by o.outbound_id`),
    );
  }

  it('completes web leads: the lead is complete and closed by the user, the row leaves the list, the count drops', async () => {
    const ids = await firstIds(s['csr.franchise'], 'ind', 'WebLead', 2);
    const count = await countOf(t, s['csr.franchise'], 'ind', 'WebLead');
    expect((await webLeadState(ids)).every((r) => r.status === 'new')).toBe(true);
    const a = await postJson(t, s['csr.franchise'], COMPLETE_WEB, { ids, csr: franchiseId, status: 'End' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ changed: 2 });
    const state = await webLeadState(ids);
    expect(state).toHaveLength(2);
    for (const r of state) {
      expect(r).toMatchObject({ call_complete: true, call_status: 'End', status: 'complete', closed_by: franchiseId });
      expect(r.deleted_at).toBeNull();
      expect(new Date(r.closed_at as string).toISOString()).toBe(t.clock.now().toISOString());
      // Who completed the call and when, for the call search (decision 062).
      expect(r.call_back_csr).toBe(franchiseId);
      expect(new Date(r.last_access_date as string).toISOString()).toBe(t.clock.now().toISOString());
    }
    expect(await countOf(t, s['csr.franchise'], 'ind', 'WebLead')).toBe(count - 2);
    const page = await list(t, s['csr.franchise'], 'ind', 'WebLead');
    expect(page.total).toBe(count - 2);
    expect(page.data.map((r) => r.OutboundId)).not.toContain(ids[0]);
    expect(await countsDrift(t)).toEqual([]);
  });

  it('deletes web leads: the lead is deleted and closed by the user, the row is marked deleted', async () => {
    const ids = await firstIds(s['csr.cof'], 'cof', 'WebLead', 3);
    const count = await countOf(t, s['csr.cof'], 'cof', 'WebLead');
    const a = await postJson(t, s['csr.cof'], DELETE_WEB, { ids });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ changed: 3 });
    for (const r of await webLeadState(ids)) {
      expect(r).toMatchObject({ status: 'deleted', closed_by: cofId, call_complete: false });
      expect(r.deleted_at).not.toBeNull();
    }
    expect(await countOf(t, s['csr.cof'], 'cof', 'WebLead')).toBe(count - 3);
    expect((await list(t, s['csr.cof'], 'cof', 'WebLead')).total).toBe(count - 3);
    expect(await countsDrift(t)).toEqual([]);
  });

  it('refuses other call types, foreign, closed and unknown ids as a whole, changing nothing', async () => {
    for (const url of [COMPLETE_WEB, DELETE_WEB]) {
      const [web] = await firstIds(s['csr.franchise'], 'ind', 'WebLead', 1);
      const [cancel] = await firstIds(s['csr.franchise'], 'ind', 'Cancel', 1);
      const [cofWeb] = await firstIds(s['csr.cof'], 'cof', 'WebLead', 1);
      await expectRefused(s['csr.franchise'], url, { ids: [web, cancel] }, 'ids');
      await expectRefused(s['csr.franchise'], url, { ids: [web, cofWeb] }, 'ids');
      await expectRefused(s['csr.franchise'], url, { ids: [web, 99_999_999] }, 'ids');
      await expectRefused(s['csr.franchise'], url, { ids: [] }, 'ids');
      await expectRefused(s['csr.franchise'], url, { ids: [web, 'x'] }, 'ids');
      await expectRefused(s['csr.franchise'], url, { ids: [web], csr: cofId }, 'csr');
      const a = await postJson<ErrorBody>(t, s['csr.franchise'], url, { ids: [web, cancel] });
      expect(a.body.message).toContain(String(cancel));
      expect((await webLeadState([web as number]))[0]?.status).toBe('new');
    }
  });

  it('refuses a second close of the same web leads', async () => {
    const ids = await firstIds(s.admin, 'general', 'WebLead', 2);
    expect((await postJson(t, s.admin, COMPLETE_WEB, { ids })).status).toBe(200);
    await expectRefused(s.admin, COMPLETE_WEB, { ids }, 'ids');
    await expectRefused(s.admin, DELETE_WEB, { ids }, 'ids');
    await expectRefused(s.admin, DELETE, { ids }, 'ids');
  });

  it('the plain delete also takes web-lead rows off the list', async () => {
    const [id] = await firstIds(s['csr.franchise'], 'ind', 'WebLead', 1);
    const count = await countOf(t, s['csr.franchise'], 'ind', 'WebLead');
    expect((await postJson(t, s['csr.franchise'], DELETE, { ids: [id] })).body).toEqual({ changed: 1 });
    expect(await countOf(t, s['csr.franchise'], 'ind', 'WebLead')).toBe(count - 1);
  });
});
