/**
 * A call a CSR holds is released when the CSR's session ends — signing out (POST /api/auth/signout), or
 * the server ending it (idle for SESSION_IDLE_SECONDS, or SESSION_MAX_SECONDS after sign-in) — so that
 * another CSR can open it at once; the call stays the first CSR's saved call, and the dashboard sends
 * them back to it after they sign in again.
 *
 * The lock release time is set far above the session limits here, so that what frees the call is the
 * end of the session, not a missing heartbeat.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  DALE,
  MARGARET,
  insertOutbound,
  lockOf,
  ok,
  savedCallRow,
  send,
  userId,
  ACTIVE,
  IS_ACTIVE,
  SAVED,
} from './test-support.js';

let t: TestApp;
let franchiseId: number;

const IDLE = 900;
const MAX = 7200;

beforeAll(async () => {
  t = await createTestApp({
    env: { SESSION_IDLE_SECONDS: String(IDLE), SESSION_MAX_SECONDS: String(MAX), CALL_LOCK_RELEASE_SECONDS: '86400' },
  });
  franchiseId = await userId(t, 'csr.franchise');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from call_locks`);
  await t.db.execute(sql`delete from saved_calls`);
});

const FREE = { isActive: false, mine: false, activeBy: '' };

async function callActiveOf(outboundId: number) {
  return rowsOf<{ call_active: boolean }>(
    await t.db.execute(sql`select call_active from outbound_calls where outbound_id = ${outboundId}`),
  )[0]?.call_active;
}

describe('signing out', () => {
  it('releases the calls of that session at once and keeps the latest as the saved call', async () => {
    const franchise = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    const outboundId = await insertOutbound(t, { custNo: DALE.customerNo, branchNo: 'SG102', type: 'Cancel' });
    await ok(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    t.clock.advance(20);
    await ok(t, franchise, 'POST', ACTIVE, { ...DALE, callType: 'Cancel', outboundId });
    expect(await callActiveOf(outboundId)).toBe(true);
    expect((await send(t, admin, 'POST', ACTIVE, { ...DALE, callType: 'Cancel', outboundId })).status).toBe(409);

    expect(await ok(t, franchise, 'POST', '/api/auth/signout')).toEqual({ ok: true, logoutUrl: null });

    // The lock rows are gone and the outbound row is no longer active ...
    expect(await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo)).toBeNull();
    expect(await lockOf(t, DALE.sqldbid, DALE.customerNo)).toBeNull();
    expect(await callActiveOf(outboundId)).toBe(false);
    // ... so another CSR opens either call immediately.
    expect(await ok(t, admin, 'POST', IS_ACTIVE, DALE)).toEqual(FREE);
    await ok(t, admin, 'POST', ACTIVE, { ...DALE, callType: 'Cancel', outboundId });
    await ok(t, admin, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });

    // The saved call is the call opened last, with its outbound row, for the dashboard after sign-in.
    const again = await t.signin('csr.franchise');
    const { saved } = await ok<{ saved: { theCall: Record<string, unknown> } & Record<string, unknown> }>(
      t,
      again,
      'GET',
      SAVED,
    );
    expect(saved).toMatchObject({ ...DALE, callType: 'Cancel', savedAt: t.clock.now().toISOString() });
    expect(saved.theCall).toMatchObject({ OutboundId: outboundId, cust_No: DALE.customerNo, branchNo: 'SG102' });
  });

  it('keeps a saved call the screen left behind, theCall and all', async () => {
    const franchise = await t.signin('csr.franchise');
    const theCall = { AccountNo: 1001, Branch: 'SG101', Name: 'Margaret Thornbury' };
    await ok(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, franchise, 'POST', '/api/call-center/call-inactive', {
      ...MARGARET,
      save: true,
      callType: 'Inbound',
      theCall,
    });
    await ok(t, franchise, 'POST', '/api/auth/signout');
    expect(await savedCallRow(t, franchiseId)).toEqual({
      sqldbid: 18001,
      customer_no: 1001,
      call_type: 'Inbound',
      the_call: theCall,
    });
  });

  it('a signed-out session does not release the call another session of the same user holds', async () => {
    const desk = await t.signin('csr.franchise');
    const laptop = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    await ok(t, desk, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, laptop, 'POST', '/api/auth/signout');
    expect(await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo)).toMatchObject({ user_id: franchiseId });
    expect(await ok(t, admin, 'POST', IS_ACTIVE, MARGARET)).toEqual({
      isActive: true,
      mine: false,
      activeBy: 'Riley Franks',
    });
    expect((await send(t, admin, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' })).status).toBe(409);
  });
});

describe('the session timing out', () => {
  it('idle for the limit: another CSR opens the call at once, and it stays the first CSR’s saved call', async () => {
    const franchise = await t.signin('csr.franchise');
    const outboundId = await insertOutbound(t, { type: 'Upsell' });
    await ok(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Upsell', outboundId });
    t.clock.advance(IDLE - 1);
    const early = await t.signin('admin');
    expect((await send(t, early, 'POST', ACTIVE, { ...MARGARET, callType: 'Upsell', outboundId })).status).toBe(409);
    t.clock.advance(2);
    // The franchise CSR's session has ended on the server.
    expect((await send(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Upsell', outboundId })).status).toBe(
      401,
    );
    expect(await ok(t, early, 'POST', IS_ACTIVE, MARGARET)).toEqual(FREE);
    await ok(t, early, 'POST', ACTIVE, { ...MARGARET, callType: 'Upsell', outboundId });
    expect(await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo)).toMatchObject({ user_id: await userId(t, 'admin') });

    const again = await t.signin('csr.franchise');
    const { saved } = await ok<{ saved: { theCall: Record<string, unknown> } & Record<string, unknown> }>(
      t,
      again,
      'GET',
      SAVED,
    );
    expect(saved).toMatchObject({ ...MARGARET, callType: 'Upsell' });
    expect(saved.theCall).toMatchObject({ OutboundId: outboundId });
    // Resuming it now meets the other CSR: 'Active Call Encountered'.
    const resume = await send<{ message: string }>(t, again, 'POST', ACTIVE, {
      ...MARGARET,
      callType: 'Upsell',
      outboundId,
    });
    expect([resume.status, resume.body.message]).toEqual([409, 'Sorry, but this call is currently active...']);
  });

  it('idle for the limit with nobody taking the call: the next sign-in finds it saved and released', async () => {
    const franchise = await t.signin('csr.franchise');
    const outboundId = await insertOutbound(t, { type: 'Upsell', custNo: DALE.customerNo, branchNo: 'SG102' });
    await ok(t, franchise, 'POST', ACTIVE, { ...DALE, callType: 'Upsell', outboundId });
    t.clock.advance(IDLE + 1);
    const again = await t.signin('csr.franchise');
    const { saved } = await ok<{ saved: Record<string, unknown> }>(t, again, 'GET', SAVED);
    expect(saved).toMatchObject({ ...DALE, callType: 'Upsell', savedAt: t.clock.now().toISOString() });
    expect(await lockOf(t, DALE.sqldbid, DALE.customerNo)).toBeNull();
    expect(await callActiveOf(outboundId)).toBe(false);
    // And the CSR takes it up again.
    await ok(t, again, 'POST', ACTIVE, { ...DALE, callType: 'Upsell', outboundId });
    expect(await lockOf(t, DALE.sqldbid, DALE.customerNo)).toMatchObject({ user_id: franchiseId });
  });

  it('the absolute limit ends the hold even while the screen keeps beating', async () => {
    const franchise = await t.signin('csr.franchise');
    await ok(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    // The heartbeat every 5 minutes keeps the session from idling, up to its absolute end.
    for (let elapsed = 300; elapsed < MAX; elapsed += 300) {
      t.clock.advance(300);
      await ok(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    }
    t.clock.advance(301);
    expect((await send(t, franchise, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' })).status).toBe(401);
    const admin = await t.signin('admin');
    expect(await ok(t, admin, 'POST', IS_ACTIVE, MARGARET)).toEqual(FREE);
    await ok(t, admin, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    const again = await t.signin('csr.franchise');
    expect((await ok<{ saved: Record<string, unknown> }>(t, again, 'GET', SAVED)).saved).toMatchObject({
      ...MARGARET,
      callType: 'Inbound',
      theCall: {},
    });
  });
});
