/**
 * Opening a call and asking about it (call-handling.md §4): call-active and isCallActive — the exact answers and what
 * they write (the lock, expired pending orders, the saved call cleared), scope (a record outside the user's scope
 * answers exactly as a missing one and changes nothing), and bad input (400 naming the field, nothing changed).
 * Releasing, statuses and cancelling: call-release-cancel.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  ACTIVE,
  IS_ACTIVE,
  INACTIVE,
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
  expectBadInput,
  expectRefused,
  expectSameAsMissing,
  insertOutbound,
  lockOf,
  ok,
  savedCallRow,
  sessionIdOf,
  signinAll,
  userId,
  NO_FRANCHISE_FOUND,
  type Sessions,
} from './test-support.js';

let t: TestApp;
let s: Sessions;
let franchiseId: number;
let cofId: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
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

async function insertOrder(customer: { sqldbid: number; customerNo: number }, type: string, status: string) {
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status, created_at, updated_at)
      values (${customer.sqldbid}, ${customer.customerNo}, 'SG101', 2026, ${type}, ${status}, now(), now())
      returning order_id as id`),
  );
  return rows[0]?.id ?? 0;
}

async function orderStatuses(customer: { sqldbid: number; customerNo: number }) {
  return rowsOf<{ order_type: string; order_status: string; n: number }>(
    await t.db.execute(sql`select order_type, order_status, count(*)::int as n from orders
      where sqldbid = ${customer.sqldbid} and customer_no = ${customer.customerNo}
      group by 1, 2 order by 1, 2`),
  );
}

describe('POST /api/call-center/call-active', () => {
  it('opens the call: a lock for the user and session, pending NORMAL orders expired, the saved call cleared', async () => {
    const pending = [
      await insertOrder(MARGARET, 'NORMAL', 'PENDING'),
      await insertOrder(MARGARET, 'NORMAL', 'PENDING'),
    ];
    const lcp = await insertOrder(MARGARET, 'LCP', 'PENDING');
    const pendingBefore = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from orders where sqldbid = 18001 and customer_no = 1001
        and order_type = 'NORMAL' and order_status = 'PENDING'`),
    )[0]?.n;
    await ok(t, s['csr.franchise'], 'POST', INACTIVE, { ...MARGARET, save: true, callType: 'Inbound', theCall: {} });
    expect(await savedCallRow(t, franchiseId)).not.toBeNull();

    const answer = await ok(t, s['csr.franchise'], 'POST', ACTIVE, { ...MARGARET, callType: 'inbound' });
    expect(answer).toEqual({ ok: true, lockedAt: t.clock.now().toISOString(), expiredOrders: pendingBefore });
    const lock = await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo);
    expect(lock).toMatchObject({
      user_id: franchiseId,
      call_type: 'Inbound',
      outbound_id: null,
      session_id: await sessionIdOf(t, s['csr.franchise']),
    });
    expect(new Date(lock?.locked_at ?? 0).toISOString()).toBe(t.clock.now().toISOString());
    const statuses = rowsOf<{ id: number; order_status: string }>(
      await t.db.execute(
        sql`select order_id as id, order_status from orders where order_id in (${sql.join(
          [...pending, lcp].map((id) => sql`${id}`),
          sql`, `,
        )}) order by order_id`,
      ),
    );
    expect(statuses).toEqual([
      { id: pending[0], order_status: 'EXPIRED' },
      { id: pending[1], order_status: 'EXPIRED' },
      { id: lcp, order_status: 'PENDING' },
    ]);
    expect(await savedCallRow(t, franchiseId)).toBeNull();
  });

  it('a heartbeat keeps the first lock time; an outbound call marks its row active', async () => {
    const outboundId = await insertOutbound(t, { custNo: DALE.customerNo, branchNo: 'SG102' });
    const opened = await ok<{ lockedAt: string }>(t, s['csr.franchise'], 'POST', ACTIVE, {
      ...DALE,
      callType: 'Cancel',
      outboundId,
    });
    t.clock.advance(30);
    const again = await ok<{ lockedAt: string; expiredOrders: number }>(t, s['csr.franchise'], 'POST', ACTIVE, {
      ...DALE,
      callType: 'Cancel',
      outboundId,
    });
    expect(again).toEqual({ ok: true, lockedAt: t.clock.now().toISOString(), expiredOrders: 0 });
    const lock = await lockOf(t, DALE.sqldbid, DALE.customerNo);
    expect(new Date(lock?.locked_at ?? 0).toISOString()).toBe(opened.lockedAt);
    expect(new Date(lock?.heartbeat_at ?? 0).toISOString()).toBe(t.clock.now().toISOString());
    expect(lock).toMatchObject({ call_type: 'Cancel', outbound_id: outboundId });
    const row = rowsOf<{ call_active: boolean; last_access_csr: number; last_access_date: string | Date }>(
      await t.db.execute(
        sql`select call_active, last_access_csr, last_access_date from outbound_calls where outbound_id = ${outboundId}`,
      ),
    )[0];
    expect(row).toMatchObject({ call_active: true, last_access_csr: franchiseId });
    expect(new Date(row?.last_access_date ?? 0).toISOString()).toBe(t.clock.now().toISOString());
  });

  it('a heartbeat (the holder opening again) expires nothing: only an open does', async () => {
    await ok(t, s['csr.franchise'], 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    // The call ends with a quote while a beat is on its way: the beat must not expire it.
    const quote = await insertOrder(MARGARET, 'NORMAL', 'PENDING');
    t.clock.advance(30);
    const beat = await ok<{ expiredOrders: number }>(t, s['csr.franchise'], 'POST', ACTIVE, {
      ...MARGARET,
      callType: 'Inbound',
    });
    expect(beat.expiredOrders).toBe(0);
    expect(await orderStatuses(MARGARET)).toContainEqual({ order_type: 'NORMAL', order_status: 'PENDING', n: 1 });
    // Released and opened again (a new call): now the pending quote expires.
    await ok(t, s['csr.franchise'], 'POST', INACTIVE, { ...MARGARET, save: false });
    const reopened = await ok<{ expiredOrders: number }>(t, s['csr.franchise'], 'POST', ACTIVE, {
      ...MARGARET,
      callType: 'Inbound',
    });
    expect(reopened.expiredOrders).toBe(1);
    const status = rowsOf<{ order_status: string }>(
      await t.db.execute(sql`select order_status from orders where order_id = ${quote}`),
    );
    expect(status).toEqual([{ order_status: 'EXPIRED' }]);
  });

  it('a lock its holder lost (stale heartbeat) is opened anew, and expires pending quotes', async () => {
    await ok(t, s['csr.franchise'], 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await insertOrder(MARGARET, 'NORMAL', 'PENDING');
    t.clock.advance(t.config.callLockReleaseSeconds + 1);
    const f = await t.signin('csr.franchise');
    const answer = await ok<{ expiredOrders: number }>(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    expect(answer.expiredOrders).toBe(1);
  });

  it('opening a new prospect (customer 0) leaves the pending quotes of other new prospects alone', async () => {
    const other = await insertOrder({ sqldbid: 18001, customerNo: 0 }, 'NORMAL', 'PENDING');
    const answer = await ok<{ expiredOrders: number }>(t, s['csr.franchise'], 'POST', ACTIVE, {
      sqldbid: 18001,
      customerNo: 0,
      callType: 'Inbound',
    });
    expect(answer.expiredOrders).toBe(0);
    const status = rowsOf<{ order_status: string }>(
      await t.db.execute(sql`select order_status from orders where order_id = ${other}`),
    );
    expect(status).toEqual([{ order_status: 'PENDING' }]);
  });

  it('another CSR gets 409 with the spec text, and their refused open changes nothing', async () => {
    await ok(t, s['csr.franchise'], 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await insertOrder(MARGARET, 'NORMAL', 'PENDING');
    const before = await orderStatuses(MARGARET);
    await expectRefused(
      t,
      s.admin,
      'POST',
      ACTIVE,
      { ...MARGARET, callType: 'Inbound' },
      { status: 409, message: 'Sorry, but this call is currently active...' },
    );
    expect(await orderStatuses(MARGARET)).toEqual(before);
    expect((await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo))?.user_id).toBe(franchiseId);
  });

  it('a new prospect (customer 0) is opened without a lock', async () => {
    const answer = await ok(t, s['csr.franchise'], 'POST', ACTIVE, {
      sqldbid: 18001,
      customerNo: 0,
      callType: 'Inbound',
    });
    expect(answer).toEqual({ ok: true, lockedAt: t.clock.now().toISOString(), expiredOrders: 0 });
    expect(rowsOf(await t.db.execute(sql`select * from call_locks`))).toEqual([]);
  });

  it('csr.franchise cannot open a customer of another branch, franchise or company, nor a foreign outbound row', async () => {
    for (const foreign of OUT_OF_SCOPE_FOR_FRANCHISE) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'POST',
        { url: ACTIVE, payload: { ...foreign, callType: 'Inbound' } },
        { url: ACTIVE, payload: { sqldbid: foreign.sqldbid, customerNo: NOBODY, callType: 'Inbound' } },
        NOT_FOUND,
      );
    }
    // A customer number of another franchise under the user's own franchise id.
    await expectSameAsMissing(
      t,
      s['csr.franchise'],
      'POST',
      { url: ACTIVE, payload: { sqldbid: 18001, customerNo: WALTER.customerNo, callType: 'Inbound' } },
      { url: ACTIVE, payload: { sqldbid: 18001, customerNo: NOBODY, callType: 'Inbound' } },
      NOT_FOUND,
    );
    await expectSameAsMissing(
      t,
      s['csr.franchise'],
      'POST',
      { url: ACTIVE, payload: { sqldbid: 18002, customerNo: 0, callType: 'Inbound' } },
      { url: ACTIVE, payload: { sqldbid: NO_FRANCHISE, customerNo: 0, callType: 'Inbound' } },
      NO_FRANCHISE_FOUND,
    );
    // The user's own customer with an outbound row of branch SG103, or of another franchise.
    const sg103 = await insertOutbound(t, { branchNo: 'SG103', custNo: IRENE.customerNo });
    const other = await insertOutbound(t, { branchNo: 'SG111', sqldbid: 18002, custNo: WALTER.customerNo });
    for (const outboundId of [sg103, other]) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'POST',
        { url: ACTIVE, payload: { ...MARGARET, callType: 'Cancel', outboundId } },
        { url: ACTIVE, payload: { ...MARGARET, callType: 'Cancel', outboundId: 99_999_999 } },
        NO_CALL,
      );
    }
  });

  it('csr.cof opens company-owned customers only', async () => {
    await ok(t, s['csr.cof'], 'POST', ACTIVE, { ...HARRIET, callType: 'Inbound' });
    expect((await lockOf(t, HARRIET.sqldbid, HARRIET.customerNo))?.user_id).toBe(cofId);
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'POST',
      { url: ACTIVE, payload: { ...MARGARET, callType: 'Inbound' } },
      { url: ACTIVE, payload: { sqldbid: 18001, customerNo: NOBODY, callType: 'Inbound' } },
      NOT_FOUND,
    );
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'POST', ACTIVE, { customerNo: 1001, callType: 'Inbound' }, 'sqldbid');
    await expectBadInput(t, f, 'POST', ACTIVE, { sqldbid: '18001', customerNo: 1001, callType: 'Inbound' }, 'sqldbid');
    await expectBadInput(t, f, 'POST', ACTIVE, { sqldbid: 18001, customerNo: -1, callType: 'Inbound' }, 'customerNo');
    await expectBadInput(t, f, 'POST', ACTIVE, { sqldbid: 18001, customerNo: 1.5, callType: 'Inbound' }, 'customerNo');
    await expectBadInput(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Bogus' }, 'callType');
    await expectBadInput(t, f, 'POST', ACTIVE, { ...MARGARET }, 'callType');
    await expectBadInput(t, f, 'POST', ACTIVE, { ...MARGARET, callType: 'Cancel', outboundId: 0 }, 'outboundId');
    expect(rowsOf(await t.db.execute(sql`select * from call_locks`))).toEqual([]);
  });
});

describe('POST /api/call-center/isCallActive', () => {
  it('answers whether the call is held, by whom, and whether by the asker', async () => {
    expect(await ok(t, s['csr.franchise'], 'POST', IS_ACTIVE, MARGARET)).toEqual({
      isActive: false,
      mine: false,
      activeBy: '',
    });
    await ok(t, s['csr.franchise'], 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    expect(await ok(t, s['csr.franchise'], 'POST', IS_ACTIVE, MARGARET)).toEqual({
      isActive: true,
      mine: true,
      activeBy: 'Riley Franks',
    });
    expect(await ok(t, s.admin, 'POST', IS_ACTIVE, MARGARET)).toEqual({
      isActive: true,
      mine: false,
      activeBy: 'Riley Franks',
    });
    // A lock nobody touches for the release time is no longer active.
    t.clock.advance(t.config.callLockReleaseSeconds + 1);
    const admin = await t.signin('admin');
    expect(await ok(t, admin, 'POST', IS_ACTIVE, MARGARET)).toEqual({ isActive: false, mine: false, activeBy: '' });
  });

  it('answers a customer outside the scope exactly as a missing one', async () => {
    const f = await t.signin('csr.franchise');
    for (const foreign of OUT_OF_SCOPE_FOR_FRANCHISE) {
      await expectSameAsMissing(
        t,
        f,
        'POST',
        { url: IS_ACTIVE, payload: foreign },
        { url: IS_ACTIVE, payload: { sqldbid: foreign.sqldbid, customerNo: NOBODY } },
        NOT_FOUND,
      );
    }
    const cof = await t.signin('csr.cof');
    await expectSameAsMissing(
      t,
      cof,
      'POST',
      { url: IS_ACTIVE, payload: MARGARET },
      { url: IS_ACTIVE, payload: { sqldbid: 18001, customerNo: NOBODY } },
      NOT_FOUND,
    );
    expect(await ok(t, cof, 'POST', IS_ACTIVE, HARRIET)).toEqual({ isActive: false, mine: false, activeBy: '' });
  });

  it('refuses bad input', async () => {
    const f = await t.signin('csr.franchise');
    await expectBadInput(t, f, 'POST', IS_ACTIVE, { sqldbid: 18001 }, 'customerNo');
    await expectBadInput(t, f, 'POST', IS_ACTIVE, { sqldbid: 0, customerNo: 1001 }, 'sqldbid');
    await expectBadInput(t, f, 'POST', IS_ACTIVE, { sqldbid: 18001, customerNo: 'x' }, 'customerNo');
  });
});
