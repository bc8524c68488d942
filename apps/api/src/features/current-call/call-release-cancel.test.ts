/**
 * Leaving and ending a call (call-handling.md §4, §7): call-inactive, saved-call, call-status and insertCancelCall —
 * the exact answers and what they write, scope (a record outside the user's scope answers exactly as a missing one
 * and changes nothing), and bad input (400 naming the field, nothing changed). Opening: call-activity.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  ACTIVE,
  INACTIVE,
  STATUS,
  SAVED,
  CANCEL,
  NOT_FOUND,
  NO_CALL,
  DALE,
  HARRIET,
  IRENE,
  MARGARET,
  NO_FRANCHISE,
  NOBODY,
  OUT_OF_SCOPE_FOR_FRANCHISE,
  WALTER,
  callHistoryOf,
  expectBadInput,
  holdCall,
  expectRefused,
  expectSameAsMissing,
  insertOutbound,
  lockOf,
  ok,
  savedCallRow,
  send,
  userId,
  NO_FRANCHISE_FOUND,
} from './test-support.js';

let t: TestApp;
let franchiseId: number;
let cofId: number;

beforeAll(async () => {
  t = await createTestApp();
  franchiseId = await userId(t, 'csr.franchise');
  cofId = await userId(t, 'csr.cof');
});
afterAll(async () => {
  await t.close();
});
// Every test starts without locks or saved calls.
beforeEach(async () => {
  await t.db.execute(sql`delete from call_locks`);
  await t.db.execute(sql`delete from saved_calls`);
});

describe('POST /api/call-center/call-inactive and GET /api/call-center/saved-call', () => {
  let f: string;
  let admin: string;
  beforeEach(async () => {
    f = await t.signin('csr.franchise');
    admin = await t.signin('admin');
  });

  it('releases the own lock, marks the outbound row inactive and saves the call for the dashboard', async () => {
    const outboundId = await insertOutbound(t, { custNo: DALE.customerNo, branchNo: 'SG102' });
    await ok(t, f, 'POST', ACTIVE, { ...DALE, callType: 'Cancel', outboundId });
    expect(await ok(t, f, 'GET', SAVED)).toEqual({ saved: null });
    const theCall = { OutboundId: outboundId, cust_No: 1002, FirstName: 'Dale' };
    t.clock.advance(5);
    expect(await ok(t, f, 'POST', INACTIVE, { ...DALE, save: true, callType: 'Cancel', theCall })).toEqual({
      ok: true,
    });
    expect(await lockOf(t, DALE.sqldbid, DALE.customerNo)).toBeNull();
    const active = rowsOf<{ call_active: boolean }>(
      await t.db.execute(sql`select call_active from outbound_calls where outbound_id = ${outboundId}`),
    );
    expect(active).toEqual([{ call_active: false }]);
    expect(await ok(t, f, 'GET', SAVED)).toEqual({
      saved: { ...DALE, callType: 'Cancel', theCall, savedAt: t.clock.now().toISOString() },
    });
    // Only the user's own saved call is answered.
    expect(await ok(t, admin, 'GET', SAVED)).toEqual({ saved: null });
    // Opening another call clears it; forgetting (save false) clears a saved call of that customer only.
    await ok(t, f, 'POST', INACTIVE, { ...DALE, save: true, callType: 'Cancel', theCall });
    await ok(t, f, 'POST', INACTIVE, { ...MARGARET, save: false });
    expect((await ok<{ saved: unknown }>(t, f, 'GET', SAVED)).saved).not.toBeNull();
    await ok(t, f, 'POST', INACTIVE, { ...DALE, save: false });
    expect(await ok(t, f, 'GET', SAVED)).toEqual({ saved: null });
  });

  it('an unknown customer’s call (-1) is saved with its call row, for the franchise in scope only', async () => {
    const theCall = { OutboundId: 77, cust_No: -1, FirstName: 'Unknown', LastName: 'Caller', Zip: '60540' };
    await ok(t, f, 'POST', INACTIVE, { sqldbid: 18001, customerNo: -1, save: true, callType: 'Inbound', theCall });
    expect(await ok(t, f, 'GET', SAVED)).toEqual({
      saved: { sqldbid: 18001, customerNo: -1, callType: 'Inbound', theCall, savedAt: t.clock.now().toISOString() },
    });
    await ok(t, f, 'POST', INACTIVE, { sqldbid: 18001, customerNo: -1, save: false });
    expect(await ok(t, f, 'GET', SAVED)).toEqual({ saved: null });
    await expectSameAsMissing(
      t,
      f,
      'POST',
      { url: INACTIVE, payload: { sqldbid: 18002, customerNo: -1, save: true, theCall } },
      { url: INACTIVE, payload: { sqldbid: NO_FRANCHISE, customerNo: -1, save: true, theCall } },
      NO_FRANCHISE_FOUND,
    );
    await expectBadInput(t, f, 'POST', INACTIVE, { sqldbid: 18001, customerNo: -2, save: true }, 'customerNo');
  });

  it('leaves another CSR’s lock alone', async () => {
    await ok(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    expect(await ok(t, admin, 'POST', INACTIVE, { ...MARGARET, save: false })).toEqual({ ok: true });
    expect((await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo))?.user_id).toBe(franchiseId);
  });

  it('saves only a call the user may open; releasing and forgetting answer alike for any customer', async () => {
    for (const foreign of OUT_OF_SCOPE_FOR_FRANCHISE) {
      await expectSameAsMissing(
        t,
        f,
        'POST',
        { url: INACTIVE, payload: { ...foreign, save: true, callType: 'Inbound', theCall: {} } },
        { url: INACTIVE, payload: { sqldbid: foreign.sqldbid, customerNo: NOBODY, save: true, theCall: {} } },
        NOT_FOUND,
      );
      const a = await send(t, f, 'POST', INACTIVE, { ...foreign, save: false });
      const b = await send(t, f, 'POST', INACTIVE, { sqldbid: foreign.sqldbid, customerNo: NOBODY, save: false });
      expect([a.status, a.body]).toEqual([200, { ok: true }]);
      expect([b.status, b.body]).toEqual([a.status, a.body]);
    }
    expect(await savedCallRow(t, franchiseId)).toBeNull();
  });

  it('refuses bad input', async () => {
    await expectBadInput(t, f, 'POST', INACTIVE, { sqldbid: 18001 }, 'customerNo');
    await expectBadInput(t, f, 'POST', INACTIVE, { ...MARGARET, save: 'yes' }, 'save');
    await expectBadInput(t, f, 'POST', INACTIVE, { ...MARGARET, save: true, callType: 'Bogus' }, 'callType');
    await expectBadInput(t, f, 'POST', INACTIVE, { ...MARGARET, save: true, theCall: [1, 2] }, 'theCall');
  });
});

describe('POST /api/call-center/call-status', () => {
  it('sets the status of an outbound row in scope', async () => {
    const f = await t.signin('csr.franchise');
    const outboundId = await insertOutbound(t);
    t.clock.advance(7);
    expect(await ok(t, f, 'POST', STATUS, { outboundId, status: 'Callback' })).toEqual({ ok: true });
    const row = rowsOf<{ call_status: string; last_access_csr: number; last_access_date: string | Date }>(
      await t.db.execute(
        sql`select call_status, last_access_csr, last_access_date from outbound_calls where outbound_id = ${outboundId}`,
      ),
    )[0];
    expect(row).toMatchObject({ call_status: 'Callback', last_access_csr: franchiseId });
    expect(new Date(row?.last_access_date ?? 0).toISOString()).toBe(t.clock.now().toISOString());
  });

  it('End ends the call: complete, off its list, its agent the user who ended it (decision 062)', async () => {
    const f = await t.signin('csr.franchise');
    const outboundId = await insertOutbound(t);
    expect(await ok(t, f, 'POST', STATUS, { outboundId, status: 'End' })).toEqual({ ok: true });
    const [row] = rowsOf<{ call_status: string; call_complete: boolean; call_back_csr: number }>(
      await t.db.execute(
        sql`select call_status, call_complete, call_back_csr from outbound_calls where outbound_id = ${outboundId}`,
      ),
    );
    expect(row).toEqual({ call_status: 'End', call_complete: true, call_back_csr: franchiseId });
  });

  it('a row written with status End by any writer is complete; New, Callback and Cancel stay listed', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await insertOutbound(t));
    await t.db.execute(sql`update outbound_calls o set call_status = s.status
      from (values (${ids[0]}::int, 'End'), (${ids[1]}::int, 'New'), (${ids[2]}::int, 'Callback'),
        (${ids[3]}::int, 'Cancel')) s(id, status) where o.outbound_id = s.id`);
    await t.db.execute(sql`insert into outbound_calls (type, call_source, branchno, sqldbid, cust_no, call_status)
      values ('Cancel', 'Outbound-Cancel', 'SG101', 18001, 1001, 'End')`);
    const rows = rowsOf<{ call_status: string; call_complete: boolean }>(
      await t.db.execute(sql`select call_status, call_complete from outbound_calls
        where outbound_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) or outbound_id = (select max(outbound_id) from outbound_calls) order by outbound_id`),
    );
    expect(rows).toEqual([
      { call_status: 'End', call_complete: true },
      { call_status: 'New', call_complete: false },
      { call_status: 'Callback', call_complete: false },
      { call_status: 'Cancel', call_complete: false },
      { call_status: 'End', call_complete: true },
    ]);
  });

  it('refuses with 409 while another CSR has the call open, changing nothing; the holder may set it', async () => {
    const f = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    const outboundId = await insertOutbound(t);
    await ok(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Cancel', outboundId });
    const busy = { status: 409, message: 'Sorry, but this call is currently active...' };
    await expectRefused(t, admin, 'POST', STATUS, { outboundId, status: 'Cancel' }, busy);
    // Another row of the same customer: the customer's call is open, so it is refused too.
    const sibling = await insertOutbound(t, { type: 'Upsell' });
    await expectRefused(t, admin, 'POST', STATUS, { outboundId: sibling, status: 'End' }, busy);
    expect(await ok(t, f, 'POST', STATUS, { outboundId, status: 'Callback' })).toEqual({ ok: true });
    // A lock its holder no longer has does not stand in the way.
    t.clock.advance(t.config.callLockReleaseSeconds + 1);
    const admin2 = await t.signin('admin');
    expect(await ok(t, admin2, 'POST', STATUS, { outboundId, status: 'End' })).toEqual({ ok: true });
  });

  it('answers a row of another branch, franchise or company exactly as a missing one', async () => {
    const f = await t.signin('csr.franchise');
    const rows = [
      await insertOutbound(t, { branchNo: 'SG103', custNo: IRENE.customerNo }),
      await insertOutbound(t, { branchNo: 'SG111', sqldbid: 18002, custNo: WALTER.customerNo }),
      await insertOutbound(t, { branchNo: 'SLI010', sqldbid: 17501, custNo: HARRIET.customerNo }),
    ];
    for (const outboundId of rows) {
      await expectSameAsMissing(
        t,
        f,
        'POST',
        { url: STATUS, payload: { outboundId, status: 'Cancel' } },
        { url: STATUS, payload: { outboundId: 99_999_999, status: 'Cancel' } },
        NO_CALL,
      );
    }
    const cof = await t.signin('csr.cof');
    expect(await ok(t, cof, 'POST', STATUS, { outboundId: rows[2], status: 'End' })).toEqual({ ok: true });
    await expectRefused(t, cof, 'POST', STATUS, { outboundId: rows[0], status: 'End' }, NO_CALL);
  });

  it('refuses bad input', async () => {
    const f = await t.signin('csr.franchise');
    const outboundId = await insertOutbound(t);
    await expectBadInput(t, f, 'POST', STATUS, { outboundId, status: 'Done' }, 'status');
    await expectBadInput(t, f, 'POST', STATUS, { outboundId: -1, status: 'End' }, 'outboundId');
    await expectBadInput(t, f, 'POST', STATUS, { status: 'End' }, 'outboundId');
  });
});

describe('POST /api/currentcall/insertCancelCall', () => {
  it('writes a Cancel call history record for the customer’s branch and releases the call', async () => {
    const f = await t.signin('csr.franchise');
    await ok(t, f, 'POST', ACTIVE, { ...DALE, callType: 'Inbound' });
    const before = await callHistoryOf(t, DALE.sqldbid, DALE.customerNo);
    const answer = await ok<{ call_id: number }>(t, f, 'POST', CANCEL, {
      csuser_id: franchiseId,
      csagent: 'Riley Franks',
      sqldbid: DALE.sqldbid,
      cust_no: DALE.customerNo,
      callType: 'Inbound',
    });
    expect(Object.keys(answer)).toEqual(['call_id']);
    const after = await callHistoryOf(t, DALE.sqldbid, DALE.customerNo);
    expect(after).toHaveLength(before.length + 1);
    const row = after.find((r) => r.call_id === answer.call_id);
    expect(row).toMatchObject({
      csuser_id: franchiseId,
      csagent: 'Riley Franks',
      sqldbid: 18001,
      cust_no: 1002,
      branchno: 'SG102',
      cust_type: 'Former Customer',
      call_direction: 'Incoming',
      call_result: 'Cancel',
      call_type: 'Inbound',
      call_list: '',
      outbound_id: null,
    });
    expect(new Date(row?.call_start as string).toISOString()).toBe(t.clock.now().toISOString());
    expect(await lockOf(t, DALE.sqldbid, DALE.customerNo)).toBeNull();
  });

  it('an outbound cancel sets the row’s call status Cancel and makes it inactive', async () => {
    const f = await t.signin('csr.franchise');
    const outboundId = await insertOutbound(t, { type: 'Upsell' });
    await ok(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Upsell', outboundId });
    const answer = await ok<{ call_id: number }>(t, f, 'POST', CANCEL, {
      csuser_id: franchiseId,
      csagent: '',
      sqldbid: 18001,
      cust_no: 1001,
      callType: 'Upsell',
      outboundId,
    });
    const row = (await callHistoryOf(t, 18001, 1001)).find((r) => r.call_id === answer.call_id);
    expect(row).toMatchObject({
      csagent: 'Riley Franks',
      branchno: 'SG101',
      call_direction: 'Outgoing',
      call_result: 'Cancel',
      call_type: 'Upsell',
      call_list: 'Upsell Postcard',
      outbound_id: outboundId,
    });
    const outbound = rowsOf<{ call_status: string; call_active: boolean }>(
      await t.db.execute(sql`select call_status, call_active from outbound_calls where outbound_id = ${outboundId}`),
    );
    expect(outbound).toEqual([{ call_status: 'Cancel', call_active: false }]);
    expect(await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo)).toBeNull();
  });

  it('refuses with 409 to cancel a call another CSR has open, changing nothing', async () => {
    const f = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    const adminId = await userId(t, 'admin');
    const outboundId = await insertOutbound(t, { type: 'Upsell' });
    await ok(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Upsell', outboundId });
    const busy = { status: 409, message: 'Sorry, but this call is currently active...' };
    const base = { csuser_id: adminId, csagent: 'Admin', sqldbid: 18001, cust_no: 1001 };
    await expectRefused(t, admin, 'POST', CANCEL, { ...base, callType: 'Inbound' }, busy);
    await expectRefused(t, admin, 'POST', CANCEL, { ...base, callType: 'Upsell', outboundId }, busy);
    expect((await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo))?.user_id).toBe(franchiseId);
    // The holder cancels their own call.
    await ok(t, f, 'POST', CANCEL, { ...base, csuser_id: franchiseId, callType: 'Upsell', outboundId });
  });

  it('a new prospect’s cancel belongs to the franchise’s main branch in scope', async () => {
    const f = await t.signin('csr.franchise');
    const answer = await ok<{ call_id: number }>(t, f, 'POST', CANCEL, {
      csuser_id: franchiseId,
      csagent: 'Riley Franks',
      sqldbid: 18001,
      cust_no: 0,
    });
    const row = (await callHistoryOf(t, 18001, 0)).find((r) => r.call_id === answer.call_id);
    expect(row).toMatchObject({ branchno: 'SG101', call_type: 'Inbound', call_result: 'Cancel', cust_no: 0 });
  });

  it('an unknown customer’s cancel (-1) is recorded as -1, on the franchise’s main branch', async () => {
    const f = await t.signin('csr.franchise');
    const answer = await ok<{ call_id: number }>(t, f, 'POST', CANCEL, {
      csuser_id: franchiseId,
      csagent: 'Riley Franks',
      sqldbid: 18001,
      cust_no: -1,
    });
    const row = (await callHistoryOf(t, 18001, -1)).find((r) => r.call_id === answer.call_id);
    expect(row).toMatchObject({ branchno: 'SG101', call_result: 'Cancel', cust_no: -1 });
  });

  it('refuses another franchise’s customer, franchise or outbound row exactly as missing ones, changing nothing', async () => {
    const f = await t.signin('csr.franchise');
    const base = { csuser_id: franchiseId, csagent: 'Riley Franks', callType: 'Inbound' };
    for (const foreign of OUT_OF_SCOPE_FOR_FRANCHISE) {
      const expected = foreign.sqldbid === 18001 ? NOT_FOUND : NO_FRANCHISE_FOUND;
      await expectSameAsMissing(
        t,
        f,
        'POST',
        { url: CANCEL, payload: { ...base, sqldbid: foreign.sqldbid, cust_no: foreign.customerNo } },
        {
          url: CANCEL,
          payload: {
            ...base,
            sqldbid: foreign.sqldbid === 18001 ? 18001 : NO_FRANCHISE,
            cust_no: foreign.sqldbid === 18001 ? NOBODY : foreign.customerNo,
          },
        },
        expected,
      );
    }
    // Margaret's call is the CSR's own: only the outbound row is outside.
    await holdCall(t, f, MARGARET);
    const sg103 = await insertOutbound(t, { branchNo: 'SG103', custNo: IRENE.customerNo });
    const otherFranchise = await insertOutbound(t, { branchNo: 'SG111', sqldbid: 18002, custNo: WALTER.customerNo });
    for (const outboundId of [sg103, otherFranchise]) {
      await expectSameAsMissing(
        t,
        f,
        'POST',
        { url: CANCEL, payload: { ...base, sqldbid: 18001, cust_no: 1001, callType: 'Cancel', outboundId } },
        {
          url: CANCEL,
          payload: { ...base, sqldbid: 18001, cust_no: 1001, callType: 'Cancel', outboundId: 99_999_999 },
        },
        { status: 400, message: 'outboundId: no listed call of this franchise in your scope with this id' },
      );
    }
    // Cancelling in someone else's name.
    await expectBadInput(
      t,
      f,
      'POST',
      CANCEL,
      { ...base, csuser_id: cofId, sqldbid: 18001, cust_no: 1001 },
      'csuser_id',
    );
  });

  it('refuses bad input', async () => {
    const f = await t.signin('csr.franchise');
    const base = { csuser_id: franchiseId, csagent: 'Riley Franks', sqldbid: 18001, cust_no: 1001 };
    await expectBadInput(t, f, 'POST', CANCEL, { ...base, callType: 'Bogus' }, 'callType');
    await expectBadInput(t, f, 'POST', CANCEL, { ...base, cust_no: -2 }, 'cust_no');
    await expectBadInput(t, f, 'POST', CANCEL, { ...base, sqldbid: 'x' }, 'sqldbid');
    await expectBadInput(t, f, 'POST', CANCEL, { ...base, csagent: 'x'.repeat(101) }, 'csagent');
    await expectBadInput(t, f, 'POST', CANCEL, { ...base, csuser_id: undefined }, 'csuser_id');
    await expectBadInput(t, f, 'POST', CANCEL, { ...base, outboundId: 'one' }, 'outboundId');
  });
});
