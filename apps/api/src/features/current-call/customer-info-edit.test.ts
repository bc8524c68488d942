/**
 * The customer of a call (call-handling.md §3, §5, §7): PUT /api/customer/customer-info-edit/{id} (the call's edit of
 * its customer) and POST /api/call-center/customer (the lookup grid). Reading and editing the customer record are in
 * customer-edit.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  DALE,
  HARRIET,
  IRENE,
  MARGARET,
  NO_FRANCHISE,
  WALTER,
  editCustomer,
  expectBadInput,
  holdCall,
  expectRefused,
  expectSameAsMissing,
  ok,
  send,
  signinAll,
  userId,
  type Sessions,
  NO_FRANCHISE_FOUND,
} from './test-support.js';
import { recordCallCustomer } from './customer-edits.js';

let t: TestApp;
let s: Sessions;
let franchiseId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  franchiseId = await userId(t, 'csr.franchise');
});
afterAll(async () => {
  await t.close();
});

describe('PUT /api/customer/customer-info-edit/{id}', () => {
  async function cancelCall(token: string, csuserId: number, customer: { sqldbid: number; customerNo: number }) {
    await holdCall(t, token, customer);
    return (
      await ok<{ call_id: number }>(t, token, 'POST', '/api/currentcall/insertCancelCall', {
        csuser_id: csuserId,
        csagent: '',
        sqldbid: customer.sqldbid,
        cust_no: customer.customerNo,
      })
    ).call_id;
  }
  async function linkOf(id: number) {
    return rowsOf<{ call_history_id: number | null }>(
      await t.db.execute(sql`select call_history_id from customer_info_edits where customer_info_edit_id = ${id}`),
    )[0]?.call_history_id;
  }

  it('links the editor’s edit to a call of that customer, once; a retry with the same call is fine', async () => {
    const f = s['csr.franchise'];
    // A call written before the edit (a cancel links the edits made before it, see below).
    const callId = await cancelCall(f, franchiseId, MARGARET);
    const { customerInfoEditId: id } = await editCustomer(t, f, MARGARET, { cellPhone: '6305550111' });
    const url = `/api/customer/customer-info-edit/${id}`;
    expect(await ok(t, f, 'PUT', url, { callHistoryId: callId })).toEqual({ ok: true });
    expect(await linkOf(id)).toBe(callId);
    expect(await ok(t, f, 'PUT', url, { callHistoryId: callId })).toEqual({ ok: true });
    // Linked edits no longer come with the customer.
    expect((await ok<{ customerInfoEditId: null }>(t, f, 'GET', '/api/customer/18001/1001')).customerInfoEditId).toBe(
      null,
    );
    const another = await cancelCall(f, franchiseId, MARGARET);
    await expectRefused(
      t,
      f,
      'PUT',
      url,
      { callHistoryId: another },
      {
        status: 404,
        message: 'No such customer info edit of yours to link to this call.',
      },
    );
  });

  it('refuses another user’s edit, a call of another customer or franchise, exactly as missing ones', async () => {
    const f = s['csr.franchise'];
    const adminId = await userId(t, 'admin');
    const missing = { status: 404, message: 'No such customer info edit of yours to link to this call.' };
    const daleCall = await cancelCall(f, franchiseId, DALE);
    const own = (await editCustomer(t, f, DALE, { workPhone: '6305550122' })).customerInfoEditId;
    const admins = (await editCustomer(t, s.admin, DALE, { workPhone: '6305550133' })).customerInfoEditId;
    const margaretCall = await cancelCall(f, franchiseId, MARGARET);
    const ireneCall = await cancelCall(s.admin, adminId, IRENE);
    const walterCall = await cancelCall(s.admin, adminId, WALTER);
    // Another user's edit.
    await expectSameAsMissing(
      t,
      f,
      'PUT',
      { url: `/api/customer/customer-info-edit/${admins}`, payload: { callHistoryId: daleCall } },
      { url: '/api/customer/customer-info-edit/99999999', payload: { callHistoryId: daleCall } },
      missing,
    );
    // The own edit, with a call of another customer, another branch, another franchise, or no call.
    for (const callHistoryId of [margaretCall, ireneCall, walterCall]) {
      await expectSameAsMissing(
        t,
        f,
        'PUT',
        { url: `/api/customer/customer-info-edit/${own}`, payload: { callHistoryId } },
        { url: `/api/customer/customer-info-edit/${own}`, payload: { callHistoryId: 99_999_999 } },
        missing,
      );
    }
    expect(await linkOf(own)).toBe(null);
    expect(await ok(t, f, 'PUT', `/api/customer/customer-info-edit/${own}`, { callHistoryId: daleCall })).toEqual({
      ok: true,
    });
  });

  /** End a call as the screen does: holding the customer's call, then ending it. */
  const endCall = async (token: string, customer: { sqldbid: number; customerNo: number }, editId: number | null) => {
    await holdCall(t, token, customer);
    return send<{ callId: number; message?: string }>(t, token, 'POST', '/api/call-center/end-call', {
      idempotencyKey: randomUUID(),
      ...customer,
      callType: 'Inbound',
      result: 'Information Only',
      customerInfoEditId: editId,
    });
  };
  const editsOf = async (customer: { sqldbid: number; customerNo: number }) =>
    rowsOf<{ id: number; user_id: number; call_history_id: number | null }>(
      await t.db.execute(sql`select customer_info_edit_id as id, user_id, call_history_id from customer_info_edits
        where sqldbid = ${customer.sqldbid} and customer_no = ${customer.customerNo} order by 1`),
    );

  it('another CSR’s pending edit is not offered with the customer, so ending this call does not trip on it', async () => {
    await t.db.execute(sql`update customer_info_edits set call_history_id = 0 where call_history_id is null`);
    const f = s['csr.franchise'];
    // The admin edits Margaret and cancels nothing: the edit stays unlinked.
    await editCustomer(t, s.admin, MARGARET, { workPhone: '6305550144' });
    const read = await ok<{ customerInfoEditId: number | null }>(t, f, 'GET', '/api/customer/18001/1001');
    expect(read.customerInfoEditId).toBe(null);
    const ended = await endCall(f, MARGARET, read.customerInfoEditId);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    // The admin's edit is still theirs to link; the admin is offered it.
    expect((await editsOf(MARGARET)).filter((e) => e.call_history_id === null)).toHaveLength(1);
    const adminRead = await ok<{ customerInfoEditId: number | null }>(t, s.admin, 'GET', '/api/customer/18001/1001');
    expect(adminRead.customerInfoEditId).toBe((await editsOf(MARGARET)).at(-1)?.id);
  });

  it('ending a call links every edit the CSR made during it, not only the last', async () => {
    await t.db.execute(sql`update customer_info_edits set call_history_id = 0 where call_history_id is null`);
    const f = s['csr.franchise'];
    const first = await editCustomer(t, f, DALE, { cellPhone: '6305550155' });
    const second = await editCustomer(t, f, DALE, { email: 'dale.second@example.com' });
    const read = await ok<{ customerInfoEditId: number | null }>(t, f, 'GET', '/api/customer/18001/1002');
    expect(read.customerInfoEditId).toBe(second.customerInfoEditId);
    const ended = await endCall(f, DALE, read.customerInfoEditId);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const edits = (await editsOf(DALE)).filter((e) =>
      [first.customerInfoEditId, second.customerInfoEditId].includes(e.id),
    );
    expect(edits.map((e) => e.call_history_id)).toEqual([ended.body.callId, ended.body.callId]);
  });

  it('cancelling a call links the CSR’s edits to the cancelled call, so no later call takes them', async () => {
    await t.db.execute(sql`update customer_info_edits set call_history_id = 0 where call_history_id is null`);
    const f = s['csr.franchise'];
    const edit = await editCustomer(t, f, MARGARET, { cellPhone: '6305550166' });
    await editCustomer(t, s.admin, MARGARET, { workPhone: '6305550177' });
    const cancelled = await cancelCall(f, franchiseId, MARGARET);
    const edits = await editsOf(MARGARET);
    expect(edits.find((e) => e.id === edit.customerInfoEditId)?.call_history_id).toBe(cancelled);
    // The admin's edit is not the cancelling CSR's to link.
    expect(edits.filter((e) => e.call_history_id === null).map((e) => e.user_id)).toEqual([await userId(t, 'admin')]);
    const read = await ok<{ customerInfoEditId: number | null }>(t, f, 'GET', '/api/customer/18001/1001');
    expect(read.customerInfoEditId).toBe(null);
  });

  it('the end of a new prospect’s or unknown customer’s call carries the on-screen customer; a stored one’s does not', async () => {
    const f = s['csr.franchise'];
    const snapshot = { firstName: 'Nora', lastName: 'Caller', email: 'nora@example.com', zip: '605401234' };
    for (const customerNo of [0, -1]) {
      const ended = await send<{ callId: number }>(t, f, 'POST', '/api/call-center/end-call', {
        idempotencyKey: randomUUID(),
        sqldbid: 18001,
        customerNo,
        callType: 'Inbound',
        result: 'Information Only',
        customer: snapshot,
      });
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    }
    const body = { sqldbid: 18001, customerNo: 1001, callType: 'Inbound', result: 'Information Only' };
    const url = '/api/call-center/end-call';
    await expectBadInput(t, f, 'POST', url, { ...body, idempotencyKey: randomUUID(), customer: snapshot }, 'customer');
    await expectBadInput(
      t,
      f,
      'POST',
      url,
      { ...body, customerNo: 0, idempotencyKey: randomUUID(), customer: { email: 'nope' } },
      'customer.email',
    );
  });

  it('recordCallCustomer records a prospect’s on-screen customer as an edit linked to the call', async () => {
    const f = s['csr.franchise'];
    const call = await cancelCall(f, franchiseId, { sqldbid: 18001, customerNo: 0 });
    const recorded = await recordCallCustomer(t.db, {
      userId: franchiseId,
      sqldbid: 18001,
      customerNo: 0,
      branchNo: 'SG101',
      snapshot: { firstName: 'Nora', streetNo: '12', streetNm: 'Elm', homePhone: '(630) 555-0199', state: 'il' },
      callHistoryId: call,
      now: t.clock.now(),
    });
    expect(recorded).toMatchObject({ firstName: 'Nora', address: '12 Elm', homePhone: '6305550199', state: 'IL' });
    const edit = rowsOf<{
      user_id: number;
      call_history_id: number;
      before: { zip: string };
      after: { firstName: string };
    }>(
      await t.db.execute(sql`select user_id, call_history_id, before, after from customer_info_edits
        where customer_info_edit_id = ${recorded.customerInfoEditId}`),
    )[0];
    expect(edit).toMatchObject({ user_id: franchiseId, call_history_id: call, before: { zip: 'N/A' } });
    expect(edit?.after.firstName).toBe('Nora');
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'PUT', '/api/customer/customer-info-edit/x', { callHistoryId: 1 }, 'id');
    await expectBadInput(t, f, 'PUT', '/api/customer/customer-info-edit/0', { callHistoryId: 1 }, 'id');
    await expectBadInput(t, f, 'PUT', '/api/customer/customer-info-edit/1', { callHistoryId: 0 }, 'callHistoryId');
    await expectBadInput(t, f, 'PUT', '/api/customer/customer-info-edit/1', {}, 'callHistoryId');
  });
});

describe('POST /api/call-center/customer (customer lookup)', () => {
  const URL = '/api/call-center/customer';

  async function sqlCount(where: ReturnType<typeof sql>) {
    return rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from customers where ${where}`))[0]
      ?.n;
  }

  it('finds by name in the franchise, 25 a page, with the account number to select', async () => {
    const page = await ok<{ data: Record<string, unknown>[]; total: number; page: number; pageSize: number }>(
      t,
      s['csr.franchise'],
      'POST',
      URL,
      { sqldbid: 18001, lastname: 'thornbury', firstname: 'marg' },
    );
    expect(page).toEqual({
      data: [
        {
          customerNo: 1001,
          firstName: 'Margaret',
          lastName: 'Thornbury',
          address: '1420 W Ogden Ave',
          city: 'Naperville',
          zip: '60540',
          phone: '(630) 555-0142',
          customerType: 'Existing Customer',
          branchno: 'SG101',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    });
    // A common name fills pages of 25 in name order; the total is a recount of the franchise's own branches.
    const smith = await ok<{ data: { lastName: string; branchno: string }[]; total: number }>(
      t,
      s['csr.franchise'],
      'POST',
      URL,
      { sqldbid: 18001, lastname: 's' },
    );
    expect(smith.total).toBe(
      await sqlCount(sql`sqldbid = 18001 and branchno in ('SG101', 'SG102') and lower(last_name) like 's%'`),
    );
    expect(smith.data).toHaveLength(Math.min(25, smith.total));
    expect(smith.data.every((r) => ['SG101', 'SG102'].includes(r.branchno))).toBe(true);
    const byPhone = await ok<{ data: { customerNo: number }[] }>(t, s['csr.franchise'], 'POST', URL, {
      sqldbid: 18001,
      phone: '(630) 555-0142',
    });
    expect(byPhone.data.map((r) => r.customerNo)).toContain(1001);
  });

  it('never answers customers outside the scope', async () => {
    // Irene is in franchise 18001 but branch SG103.
    const mine = await ok<{ total: number }>(t, s['csr.franchise'], 'POST', URL, {
      sqldbid: 18001,
      lastname: 'Vasquez-Lund',
    });
    expect(mine.total).toBe(0);
    const admin = await ok<{ data: { customerNo: number }[] }>(t, s.admin, 'POST', URL, {
      sqldbid: 18001,
      lastname: 'Vasquez-Lund',
    });
    expect(admin.data.map((r) => r.customerNo)).toEqual([IRENE.customerNo]);
    for (const sqldbid of [WALTER.sqldbid, HARRIET.sqldbid]) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'POST',
        { url: URL, payload: { sqldbid, lastname: 'a' } },
        { url: URL, payload: { sqldbid: NO_FRANCHISE, lastname: 'a' } },
        NO_FRANCHISE_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'POST',
      { url: URL, payload: { sqldbid: 18001, lastname: 'Thornbury' } },
      { url: URL, payload: { sqldbid: NO_FRANCHISE, lastname: 'Thornbury' } },
      NO_FRANCHISE_FOUND,
    );
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'POST', URL, { sqldbid: 18001 }, 'lastname');
    await expectBadInput(t, f, 'POST', URL, { sqldbid: 18001, lastname: '  ' }, 'lastname');
    await expectBadInput(t, f, 'POST', URL, { lastname: 'Smith' }, 'sqldbid');
    await expectBadInput(t, f, 'POST', URL, { sqldbid: 18001, lastname: 'Smith', pageSize: 101 }, 'pageSize');
    await expectBadInput(t, f, 'POST', URL, { sqldbid: 18001, lastname: 'Smith', page: 0 }, 'page');
    await expectBadInput(t, f, 'POST', URL, { sqldbid: 18001, phone: 'x'.repeat(31) }, 'phone');
  });
});
