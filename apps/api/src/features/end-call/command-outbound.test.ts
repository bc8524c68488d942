/**
 * POST /api/call-center/end-call on outbound rows and with a survey: a callback keeps its row, any other result ends
 * it, a web lead's prospect becomes a follow-up, another franchise's row is refused; the survey is saved with the
 * call. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EndCallResponse } from '@cc/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  count,
  END_CALL_TABLES,
  endHeldCall,
  fingerprint,
  firstRow,
  listedOutbound,
  postEndCall,
} from './test-support.js';

let t: TestApp;
let franchise: string;

beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
});
afterAll(async () => {
  await t.close();
});

const THORNBURY = { sqldbid: 18001, customerNo: 1001 };
const TABLES = [...END_CALL_TABLES, 'outbound_counts', 'customer_info_edits'];

/** End a call as the screen does, holding it first; `post` sends the request alone (refused before the lock is read). */
const end = (token: string, body: Parameters<typeof endHeldCall>[2]) => endHeldCall(t, token, body);
const post = (token: string, body: object) => postEndCall(t, token, body);
const one = <T>(query: ReturnType<typeof sql>) => firstRow<T>(t.db, query);

describe('outbound calls and the lists', () => {
  it('a callback leaves the row in its list with status Callback at the new time; no order', async () => {
    const row = await listedOutbound(t.db, 'SG101', 'Cancel');
    const response = await end(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: row.sqldbid,
      customerNo: row.cust_no,
      callType: 'Cancel',
      outboundId: row.outbound_id,
      result: 'Call Back',
      callbackAt: '2026-06-18 10:30:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer).toMatchObject({ callStatus: 'Callback', orderId: null });
    expect(
      await one(sql`select call_status, call_complete, call_attempts,
        to_char(call_back_date at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI') as at
        from outbound_calls where outbound_id = ${row.outbound_id}`),
    ).toEqual({
      call_status: 'Callback',
      call_complete: false,
      call_attempts: row.call_attempts + 1,
      at: '2026-06-18 10:30',
    });
    expect(await one(sql`select call_direction from call_history where call_id = ${answer.callId}`)).toEqual({
      call_direction: 'Outgoing',
    });
  });

  it('an outbound callback without its time is refused', async () => {
    const row = await listedOutbound(t.db, 'SG101', 'Cancel');
    const response = await end(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: row.sqldbid,
      customerNo: row.cust_no,
      callType: 'Cancel',
      outboundId: row.outbound_id,
      result: 'No Answer',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['callbackAt']);
  });

  it('a callback outside the calling hours is refused with the hours named; nothing is written', async () => {
    const row = await listedOutbound(t.db, 'SG101', 'Cancel');
    const before = await fingerprint(t.db, TABLES);
    const response = await end(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: row.sqldbid,
      customerNo: row.cust_no,
      callType: 'Cancel',
      outboundId: row.outbound_id,
      result: 'Call Back',
      callbackAt: '2026-06-18 02:00:00',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: object }>().errors).toEqual({
      callbackAt: 'Callbacks are made within calling hours, 8:00 AM to 9:00 PM (America/Chicago).',
    });
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('a branch in another time zone keeps its own calling hours: 8 AM to 9 PM New York is 7 AM to 8 PM Chicago', async () => {
    const admin = await t.signin('admin');
    const branch = await one<{ branchno: string }>(sql`
      select o.branchno from outbound_calls o join franchises f on f.branchno = o.branchno
      where f.time_zone = 'America/New_York' and o.type = 'Cancel' and o.deleted_at is null and o.cust_no > 0
        and not o.call_complete
      order by o.outbound_id limit 1`);
    const row = await listedOutbound(t.db, branch!.branchno, 'Cancel');
    const body = {
      sqldbid: row.sqldbid,
      customerNo: row.cust_no,
      callType: 'Cancel',
      outboundId: row.outbound_id,
      result: 'Call Back',
    };
    const late = await end(admin, { ...body, idempotencyKey: randomUUID(), callbackAt: '2026-06-18 20:30:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ errors: object }>().errors).toEqual({
      callbackAt:
        "Callbacks are made within the branch's calling hours, 8:00 AM to 9:00 PM (America/New_York), which is 7:00 AM to 8:00 PM (America/Chicago).",
    });
    const early = await end(admin, { ...body, idempotencyKey: randomUUID(), callbackAt: '2026-06-18 07:30:00' });
    expect(early.statusCode, early.body).toBe(200);
  });

  it('any other outbound result ends the row: status End, complete, its list drops it, who and when recorded', async () => {
    const cancel = await listedOutbound(t.db, 'SG101', 'Cancel');
    const cancelCount = () =>
      one<{ n: number }>(sql`select n from outbound_counts where branchno = 'SG101' and type = 'Cancel'`);
    const cancelsBefore = (await cancelCount())!.n;
    const a = await end(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: cancel.sqldbid,
      customerNo: cancel.cust_no,
      callType: 'Cancel',
      outboundId: cancel.outbound_id,
      result: 'Not Interested',
    });
    expect(a.statusCode, a.body).toBe(200);
    // An ended call is never served again as a list's next call (decision 062); the call search's agent and date
    // say who ended it and when.
    expect(
      await one(sql`select call_status, call_complete, u.username as agent,
          o.last_access_date = ${t.clock.now().toISOString()}::timestamptz as now
        from outbound_calls o join users u on u.user_id = o.call_back_csr where outbound_id = ${cancel.outbound_id}`),
    ).toEqual({
      call_status: 'End',
      call_complete: true,
      agent: 'csr.franchise',
      now: true,
    });
    expect((await cancelCount())!.n).toBe(cancelsBefore - 1);

    const skipped = await listedOutbound(t.db, 'SG101', 'SkippedRounds');
    const listed = () => count(t.db, 'outbound_counts', `branchno = 'SG101' and type = 'SkippedRounds' and n > 0`);
    const countBefore = await one<{ n: number }>(
      sql`select n from outbound_counts where branchno = 'SG101' and type = 'SkippedRounds'`,
    );
    expect(await listed()).toBe(1);
    const b = await end(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: skipped.sqldbid,
      customerNo: skipped.cust_no,
      callType: 'SkippedRounds',
      outboundId: skipped.outbound_id,
      result: 'Rounds Rescheduled',
    });
    expect(b.statusCode, b.body).toBe(200);
    expect(await one(sql`select call_complete from outbound_calls where outbound_id = ${skipped.outbound_id}`)).toEqual(
      {
        call_complete: true,
      },
    );
    expect(await one(sql`select n from outbound_counts where branchno = 'SG101' and type = 'SkippedRounds'`)).toEqual({
      n: (countBefore?.n ?? 0) - 1,
    });
  });

  it('a web lead ending Interested Prospect - THP: the lead is deleted, a follow-up is added, the THP email queued', async () => {
    const row = await listedOutbound(t.db, 'SG101', 'WebLead');
    const followUps = () =>
      count(
        t.db,
        'outbound_calls',
        `type = 'InboundFollowUp' and sqldbid = ${row.sqldbid} and cust_no = ${row.cust_no}`,
      );
    const before = await followUps();
    const response = await end(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: row.sqldbid,
      customerNo: row.cust_no,
      callType: 'WebLead',
      outboundId: row.outbound_id,
      result: 'Interested Prospect - THP',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer.thpEmailQueued).toBe(true);
    const gone = await one<{ deleted: boolean; lead: string | null }>(
      sql`select o.deleted_at is not null as deleted, w.status as lead from outbound_calls o
        left join web_leads w on w.web_lead_id = o.web_lead_call_id where o.outbound_id = ${row.outbound_id}`,
    );
    expect(gone?.deleted).toBe(true);
    // Its web lead, if it has one, is deleted with it.
    expect([null, 'deleted']).toContain(gone?.lead);
    expect(await followUps()).toBe(before + 1);
  });

  it('an outbound row of another franchise is refused, whatever the customer sent', async () => {
    const foreign = await listedOutbound(t.db, 'SLI010', 'Cancel');
    const before = await fingerprint(t.db, TABLES);
    const response = await post(franchise, {
      idempotencyKey: randomUUID(),
      ...THORNBURY,
      callType: 'Cancel',
      outboundId: foreign.outbound_id,
      result: 'Not Interested',
    });
    expect(response.statusCode).toBe(400);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });
});

describe('the survey', () => {
  it('is saved with the call and its id stored; answer 105 = Yes queues the THP email', async () => {
    const response = await end(franchise, {
      idempotencyKey: randomUUID(),
      ...THORNBURY,
      callType: 'Inbound',
      result: 'Information Only',
      survey: { '101': 'Lawn sign', '102': 'No', '105': 'Yes' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer.surveyId).toBeGreaterThan(0);
    expect(answer.thpEmailQueued).toBe(true);
    expect(await one(sql`select survey_id from call_history where call_id = ${answer.callId}`)).toEqual({
      survey_id: answer.surveyId,
    });
    expect(await count(t.db, 'survey_answers', `survey_id = ${answer.surveyId}`)).toBe(3);
  });
});
