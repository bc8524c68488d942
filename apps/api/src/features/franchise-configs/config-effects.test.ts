/**
 * Franchise Maintenance takes effect on the very next call (decision 032): the web-lead hours the
 * call screen shows, the CC addresses of the end-call email (company config, and the branch's follow-up config on a
 * follow-up call), the due time of the inbound follow-up an interested result adds, and whether and to whom the THP
 * (hot-prospect) email goes. The supervisor changes a config; csr.franchise (SG101, SG102) ends a call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute } from './test-support.js';

let t: TestApp;
let supervisor: string;
let csr: string;

/** Margaret Thornbury, SG101 of Green Meadows Lawn Care (18001), m.thornbury@example.com. */
const THORNBURY = { sqldbid: 18001, customerNo: 1001 };
const SURVEY = { '101': 'Lawn sign', '102': 'No', '105': 'No' };

beforeAll(async () => {
  t = await createTestApp();
  [supervisor, csr] = await Promise.all([t.signin('supervisor'), t.signin('csr.franchise')]);
});
afterAll(async () => {
  await t.close();
});

async function endInboundCall(result: string) {
  await holdCall(t, csr, THORNBURY);
  const response = await t.call(csr, {
    method: 'POST',
    url: '/api/call-center/end-call',
    payload: {
      idempotencyKey: randomUUID(),
      ...THORNBURY,
      callType: 'Inbound',
      callStart: '2026-06-15 09:55:00',
      result,
      survey: SURVEY,
      sendEmail: true,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ callId: number; emailQueued: boolean; thpEmailQueued: boolean }>();
}

async function emailsOf(callId: number) {
  return rowsOf<{ kind: string; to: string; cc: string }>(
    await t.db.execute(sql`select kind, to_addresses as to, cc_addresses as cc from email_outbox
      where call_id = ${callId} order by email_id`),
  );
}

/** The call target of the newest inbound follow-up of Margaret Thornbury, a call time. */
async function newestFollowUpDue(): Promise<string | undefined> {
  const [row] = rowsOf<{ due: string }>(
    await t.db.execute(sql`select to_char(call_back_date at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI:SS') as due
      from outbound_calls where type = 'InboundFollowUp' and sqldbid = 18001 and cust_no = 1001
      order by outbound_id desc limit 1`),
  );
  return row?.due;
}

async function update(route: Parameters<typeof callRoute>[2], body: object) {
  const response = await callRoute(t, supervisor, route, body);
  expect(response.statusCode, response.body).toBe(200);
}

describe('company config', () => {
  it('the call screen shows the new web-lead hours, and the end-call email copies the new CC addresses', async () => {
    await update('updateCompanyConfig', {
      sqldbid: 18001,
      webLeadsStart: '09:30',
      webLeadsEnd: '18:45',
      ccEmailAddresses: 'leads@greenmeadows.example;owner@greenmeadows.example',
    });
    const configs = await t.call(csr, {
      method: 'POST',
      url: '/api/currentcall/getCompanyConfigs',
      payload: { sqldbid: 18001 },
    });
    expect(configs.json()).toMatchObject({ webLeadsStart: '09:30', webLeadsEnd: '18:45' });

    const answer = await endInboundCall('Information Only');
    expect(answer.emailQueued).toBe(true);
    expect(await emailsOf(answer.callId)).toEqual([
      {
        kind: 'end-call',
        to: 'm.thornbury@example.com',
        cc: 'office@greenmeadowslawncare.example, leads@greenmeadows.example, owner@greenmeadows.example',
      },
    ]);

    // No CC addresses: the office alone is copied.
    await update('updateCompanyConfig', {
      sqldbid: 18001,
      webLeadsStart: '08:00',
      webLeadsEnd: '17:00',
      ccEmailAddresses: '',
    });
    const plain = await endInboundCall('Information Only');
    expect((await emailsOf(plain.callId))[0]?.cc).toBe('office@greenmeadowslawncare.example');
  });
});

describe('inbound follow-up config', () => {
  // The test clock: 2026-06-15 10:00 America/Chicago.
  it.each([
    ['inside the window: due at once', '09:00', '17:00', '2026-06-15 10:00:00'],
    ['before the window: due at its start', '13:00', '17:00', '2026-06-15 13:00:00'],
    ['after the window: due at the next day’s start', '07:00', '09:30', '2026-06-16 07:00:00'],
  ])('%s', async (_name, start, end, due) => {
    await update('updateInboundFollowUpConfig', {
      branchNo: 'SG101',
      inboundFollowUpStart: start,
      inboundFollowUpEnd: end,
      ccEmailAddresses: 'followups@sg101.example',
    });
    const answer = await endInboundCall('Interested Prospect');
    expect(await newestFollowUpDue()).toBe(due);
    // A call that adds a follow-up copies the branch's follow-up addresses on its email.
    expect((await emailsOf(answer.callId))[0]?.cc).toContain('followups@sg101.example');
  });

  it('a call that adds no follow-up does not copy them', async () => {
    const answer = await endInboundCall('Billing Question');
    expect((await emailsOf(answer.callId))[0]?.cc).not.toContain('followups@sg101.example');
  });
});

describe('additional-service hot-prospect config', () => {
  it('inactive: no THP email; active with addresses of its own: the THP email goes to them', async () => {
    await update('updateHotProspectConfig', { branchNo: 'SG101', active: false, emailAddresses: '' });
    const quiet = await endInboundCall('Interested Prospect - THP');
    expect(quiet.thpEmailQueued).toBe(false);
    expect((await emailsOf(quiet.callId)).map((e) => e.kind)).toEqual(['end-call']);

    await update('updateHotProspectConfig', {
      branchNo: 'SG101',
      active: true,
      emailAddresses: 'hot@sg101.example;lawn-leads@sg101.example',
    });
    const hot = await endInboundCall('Interested Prospect - THP');
    expect(hot.thpEmailQueued).toBe(true);
    expect((await emailsOf(hot.callId)).find((e) => e.kind === 'thp')).toMatchObject({
      to: 'hot@sg101.example, lawn-leads@sg101.example',
    });
  });

  it('active without addresses of its own: the company’s addresses, as before', async () => {
    await update('updateCompanyConfig', {
      sqldbid: 18001,
      webLeadsStart: '08:00',
      webLeadsEnd: '17:00',
      ccEmailAddresses: 'manager@greenmeadowslawncare.example',
    });
    await update('updateHotProspectConfig', { branchNo: 'SG101', active: true, emailAddresses: '' });
    const hot = await endInboundCall('Interested Prospect - THP');
    expect((await emailsOf(hot.callId)).find((e) => e.kind === 'thp')).toMatchObject({
      to: 'manager@greenmeadowslawncare.example',
    });
  });
});
