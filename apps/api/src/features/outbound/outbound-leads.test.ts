/**
 * The outbound leads (call-handling.md §2, §3): a customer's leads in priority order, and deep-link resolution of a
 * current call to the row of its lead, its custom list or its web lead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Lead, OutboundRow } from '@cc/contract';
import { leads, webLeads } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { getJson, insertOutbound, postJson, signinAll, type Sessions } from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

/** A customer number no seeded row uses. */
const CUST = 880001;

async function insertLead(values: {
  status: string;
  callType?: string;
  outboundId?: number | null;
  branchNo?: string;
  sqldbid?: number;
  custNo?: number;
  createdAt?: Date;
}): Promise<number> {
  const [row] = await t.db
    .insert(leads)
    .values({
      sqldbid: values.sqldbid ?? 18001,
      branchNo: values.branchNo ?? 'SG101',
      custNo: values.custNo ?? CUST,
      status: values.status,
      callType: values.callType ?? 'Cancel',
      outboundId: values.outboundId ?? null,
      createdAt: values.createdAt ?? new Date('2026-05-01T12:00:00Z'),
    })
    .returning({ id: leads.leadId });
  if (!row) throw new Error('lead insert returned nothing');
  return row.id;
}

async function insertWebLead(status: string, custNo: number, branchNo = 'SG101'): Promise<number> {
  const [row] = await t.db
    .insert(webLeads)
    .values({
      sqldbid: 18001,
      branchNo,
      contactId: `T-${custNo}-${status}`,
      customerNo: custNo,
      leadType: 'Contact Us',
      status,
    })
    .returning({ id: webLeads.webLeadId });
  if (!row) throw new Error('web lead insert returned nothing');
  return row.id;
}

async function resolve(token: string, sqldbid: number, custNo: number, callType: string) {
  return getJson<{ theCall: OutboundRow | null }>(
    t,
    token,
    `/api/call-center/resolve-call/${sqldbid}/${custNo}/${callType}`,
  );
}

describe('GET /api/call-center/getLeads', () => {
  it('answers the customer leads ordered prospect, open, pending, won, lost, deleted', async () => {
    // Inserted out of order; two open leads, the newer first.
    for (const [status, day] of [
      ['lost', 1],
      ['won', 2],
      ['deleted', 3],
      ['open', 4],
      ['pending', 5],
      ['Prospect', 6],
      ['open', 7],
    ] as const) {
      await insertLead({ status, createdAt: new Date(`2026-05-0${day}T12:00:00Z`) });
    }
    // Another customer and another branch of the same customer number stay out.
    await insertLead({ status: 'prospect', custNo: CUST + 1 });
    await insertLead({ status: 'prospect', branchNo: 'SG102' });
    const a = await getJson<Lead[]>(t, s['csr.franchise'], `/api/call-center/getLeads?branchno=SG101&cust_no=${CUST}`);
    expect(a.status).toBe(200);
    expect(a.body.map((l) => l.status.toLowerCase())).toEqual([
      'prospect',
      'open',
      'open',
      'pending',
      'won',
      'lost',
      'deleted',
    ]);
    expect(a.body[1]?.createdAt).toBe('2026-05-07T12:00:00.000Z');
    expect(a.body[2]?.createdAt).toBe('2026-05-04T12:00:00.000Z');
    expect(a.body.every((l) => l.branchNo === 'SG101' && l.custNo === CUST && l.sqldbid === 18001)).toBe(true);
    // The branch number is matched whatever its case.
    const lower = await getJson<Lead[]>(t, s.admin, `/api/call-center/getLeads?branchno=sg101&cust_no=${CUST}`);
    expect(lower.body.map((l) => l.leadId)).toEqual(a.body.map((l) => l.leadId));
  });

  it('answers nothing out of scope', async () => {
    await insertLead({ status: 'open', branchNo: 'SG103', custNo: CUST + 2 });
    expect(
      (await getJson<Lead[]>(t, s['csr.franchise'], `/api/call-center/getLeads?branchno=SG103&cust_no=${CUST + 2}`))
        .body,
    ).toEqual([]);
    expect(
      (await getJson<Lead[]>(t, s['csr.cof'], `/api/call-center/getLeads?branchno=SG101&cust_no=${CUST}`)).body,
    ).toEqual([]);
    expect(
      (await getJson<Lead[]>(t, s['csr.corporate'], `/api/call-center/getLeads?branchno=SG103&cust_no=${CUST + 2}`))
        .body,
    ).toHaveLength(1);
    expect(
      (await getJson<Lead[]>(t, s['csr.franchise'], `/api/call-center/getLeads?branchno=SG101&cust_no=123456789`)).body,
    ).toEqual([]);
  });

  it.each([
    ['cust_no=1', 'branchno'],
    ['branchno=SG101', 'cust_no'],
    ['branchno=SG101&cust_no=abc', 'cust_no'],
    ['branchno=&cust_no=1', 'branchno'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const a = await getJson<{ message: string }>(t, s.admin, `/api/call-center/getLeads?${query}`);
    expect(a.status).toBe(400);
    expect(a.body.message.startsWith(`${field}: `), a.body.message).toBe(true);
  });
});

describe('GET /api/call-center/resolve-call/{sqldbid}/{customerNo}/{callType}', () => {
  it('for an outbound type opens the row of the highest-priority lead of that type', async () => {
    const cust = 880100;
    const lost = await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const open = await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const deleted = await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const upsell = await insertOutbound(t, { custNo: cust, type: 'Upsell' });
    await insertLead({ custNo: cust, status: 'lost', outboundId: lost });
    await insertLead({ custNo: cust, status: 'open', outboundId: open });
    await insertLead({ custNo: cust, status: 'deleted', outboundId: deleted });
    await insertLead({ custNo: cust, status: 'prospect', callType: 'Upsell', outboundId: upsell });
    await insertLead({ custNo: cust, status: 'archived', outboundId: deleted });
    await insertLead({ custNo: cust, status: 'prospect', outboundId: null });

    const a = await resolve(s['csr.franchise'], 18001, cust, 'Cancel');
    expect(a.status).toBe(200);
    expect(a.body.theCall?.OutboundId).toBe(open);
    expect(a.body.theCall).toMatchObject({ Type: 'Cancel', cust_No: cust, branchNo: 'SG101', SQLDBID: 18001 });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Upsell')).body.theCall?.OutboundId).toBe(upsell);
    // The call type is matched whatever its case.
    expect((await resolve(s['csr.franchise'], 18001, cust, 'cancel')).body.theCall?.OutboundId).toBe(open);

    // Walk down the priority: the open lead goes, the lost one is next; the deleted one after that.
    await t.db.execute(sql`update leads set status = 'gone' where outbound_id = ${open}`);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall?.OutboundId).toBe(lost);
    await t.db.execute(sql`update leads set status = 'gone' where outbound_id = ${lost}`);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall?.OutboundId).toBe(deleted);
  });

  it('for an outbound type without leads opens the listed row', async () => {
    const cust = 880200;
    const listed = await insertOutbound(t, { custNo: cust, type: 'Extract' });
    await insertOutbound(t, { custNo: cust, type: 'Extract', callComplete: true });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Extract')).body.theCall?.OutboundId).toBe(listed);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall).toBeNull();
  });

  it('SkippedRounds opens the listed row of the custom list', async () => {
    const cust = 880300;
    const listed = await insertOutbound(t, { custNo: cust, type: 'SkippedRounds' });
    const completed = await insertOutbound(t, { custNo: cust, type: 'SkippedRounds', callComplete: true });
    await insertOutbound(t, { custNo: cust, type: 'SkippedRounds', deletedAt: new Date('2026-06-01T00:00:00Z') });
    // A lead pointing at the completed row does not matter for skipped rounds.
    await insertLead({ custNo: cust, status: 'prospect', callType: 'SkippedRounds', outboundId: completed });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'SkippedRounds')).body.theCall?.OutboundId).toBe(listed);
    await t.db.execute(sql`update outbound_calls set call_complete = true where outbound_id = ${listed}`);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'SkippedRounds')).body.theCall).toBeNull();
  });

  it('WebLead opens only a row whose web lead is still new', async () => {
    const cust = 880400;
    const fresh = await insertOutbound(t, {
      custNo: cust,
      type: 'WebLead',
      webLeadCallId: await insertWebLead('new', cust),
    });
    const closed = await insertOutbound(t, {
      custNo: cust,
      type: 'WebLead',
      webLeadCallId: await insertWebLead('complete', cust),
    });
    await insertOutbound(t, { custNo: cust, type: 'WebLead', webLeadCallId: null });
    expect(closed).toBeGreaterThan(fresh);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'WebLead')).body.theCall?.OutboundId).toBe(fresh);
    // Completing it through the API closes the web lead: nothing to open any more.
    expect(
      (await postJson(t, s['csr.franchise'], '/api/call-center/outbound/complete-web-leads', { ids: [fresh] })).status,
    ).toBe(200);
    expect((await resolve(s['csr.franchise'], 18001, cust, 'WebLead')).body.theCall).toBeNull();
  });

  it('Inbound has no call row', async () => {
    const cust = 880500;
    await insertOutbound(t, { custNo: cust, type: 'Cancel' });
    const a = await resolve(s.admin, 18001, cust, 'Inbound');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ theCall: null });
  });

  it('answers null out of scope', async () => {
    const cust = 880600;
    const sg103 = await insertOutbound(t, { custNo: cust, type: 'Cancel', branchNo: 'SG103' });
    await insertLead({ custNo: cust, status: 'open', branchNo: 'SG103', outboundId: sg103 });
    expect((await resolve(s['csr.franchise'], 18001, cust, 'Cancel')).body.theCall).toBeNull();
    expect((await resolve(s['csr.cof'], 18001, cust, 'Cancel')).body.theCall).toBeNull();
    expect((await resolve(s['csr.corporate'], 18001, cust, 'Cancel')).body.theCall?.OutboundId).toBe(sg103);
    // A lead in scope pointing at a row out of scope opens nothing either.
    const cust2 = 880601;
    const foreign = await insertOutbound(t, { custNo: cust2, type: 'Cancel', branchNo: 'SG103' });
    await insertLead({ custNo: cust2, status: 'open', branchNo: 'SG101', outboundId: foreign });
    expect((await resolve(s['csr.franchise'], 18001, cust2, 'Cancel')).body.theCall).toBeNull();
  });

  it('refuses an unknown call type with a 400 naming callType', async () => {
    for (const type of ['Bogus', 'WebLeads']) {
      const a = await getJson<{ message: string }>(t, s.admin, `/api/call-center/resolve-call/18001/1/${type}`);
      expect(a.status).toBe(400);
      expect(a.body.message.startsWith('callType: '), a.body.message).toBe(true);
    }
    const bad = await getJson<{ message: string }>(t, s.admin, '/api/call-center/resolve-call/abc/1/Cancel');
    expect(bad.status).toBe(400);
    expect(bad.body.message.startsWith('sqldbid: ')).toBe(true);
  });
});
