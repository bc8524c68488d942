/**
 * Delete, complete-web-leads and delete-web-leads change the list row and its web lead in one transaction
 * (decision 004): when the second write (web_leads) fails, the first (outbound_calls, and the counts
 * its trigger keeps) is rolled back with it. A temporary trigger in this file's own database makes every update of
 * web_leads raise, so the failure comes after the list row has been written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { countOf, countsDrift, list, postJson, signinAll, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

const ENDPOINTS = {
  delete: '/api/call-center/outbound/delete',
  'complete-web-leads': '/api/call-center/outbound/complete-web-leads',
  'delete-web-leads': '/api/call-center/outbound/delete-web-leads',
} as const;

async function failWebLeadUpdates(on: boolean): Promise<void> {
  if (on) {
    await t.db.execute(sql`create or replace function test_refuse_web_lead_update() returns trigger
      language plpgsql as $$ begin raise exception 'web_leads update refused by the test'; end $$`);
    await t.db.execute(sql`create trigger test_refuse_web_lead_update before update on web_leads
      for each row execute function test_refuse_web_lead_update()`);
  } else {
    await t.db.execute(sql`drop trigger if exists test_refuse_web_lead_update on web_leads`);
  }
}

/** The rows and web leads of `ids` in full, every kept count, and totals of both tables. */
async function snapshot(ids: number[]): Promise<unknown> {
  const list = sql.raw(ids.join(','));
  return {
    rows: rowsOf(
      await t.db.execute(sql`select outbound_id, call_complete, call_status, deleted_at, deleted_by, last_access_date,
        last_access_csr, web_lead_call_id from outbound_calls where outbound_id in (${list}) order by outbound_id`),
    ),
    webLeads: rowsOf(
      await t.db.execute(sql`select w.web_lead_id, w.status, w.closed_at, w.closed_by from web_leads w
        where w.web_lead_id in (select web_lead_call_id from outbound_calls where outbound_id in (${list}))
        order by w.web_lead_id`),
    ),
    counts: rowsOf(await t.db.execute(sql`select branchno, type, n from outbound_counts order by branchno, type`)),
    totals: rowsOf(
      await t.db.execute(sql`select
        (select count(*) from outbound_calls where deleted_at is not null)::int as deleted,
        (select count(*) from outbound_calls where call_complete)::int as complete,
        (select string_agg(status || ':' || n, ',' order by status)
           from (select status, count(*) as n from web_leads group by status) x) as web_leads`),
    ),
  };
}

describe.each(Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[])('%s of web-lead rows', (name) => {
  it('a failing web-lead write leaves the rows, the counts and the web leads unchanged (500), then succeeds', async () => {
    const page = await list(t, s['csr.franchise'], 'ind', 'WebLead');
    const ids = page.data.slice(0, 2).map((r) => r.OutboundId);
    expect(ids).toHaveLength(2);
    const count = await countOf(t, s['csr.franchise'], 'ind', 'WebLead');
    const before = await snapshot(ids);
    // Both web leads are new, so every endpoint updates them (delete only updates new ones).
    expect((before as { webLeads: { status: string }[] }).webLeads.map((w) => w.status)).toEqual(['new', 'new']);

    await failWebLeadUpdates(true);
    try {
      const a = await postJson<{ error: string }>(t, s['csr.franchise'], ENDPOINTS[name], { ids });
      expect(a.status, a.response.body).toBe(500);
      expect(a.response.body).not.toContain('refused by the test');
      expect(await snapshot(ids)).toEqual(before);
      expect(await countOf(t, s['csr.franchise'], 'ind', 'WebLead')).toBe(count);
      expect((await list(t, s['csr.franchise'], 'ind', 'WebLead')).total).toBe(count);
      expect(await countsDrift(t)).toEqual([]);
    } finally {
      await failWebLeadUpdates(false);
    }

    // Without the trigger the same request goes through: it was the web-lead write that failed.
    const ok = await postJson(t, s['csr.franchise'], ENDPOINTS[name], { ids });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ changed: 2 });
    expect(await countOf(t, s['csr.franchise'], 'ind', 'WebLead')).toBe(count - 2);
    const after = (await snapshot(ids)) as { webLeads: { status: string }[] };
    expect(after.webLeads.map((w) => w.status)).toEqual(
      name === 'complete-web-leads' ? ['complete', 'complete'] : ['deleted', 'deleted'],
    );
    expect(await countsDrift(t)).toEqual([]);
  });
});
