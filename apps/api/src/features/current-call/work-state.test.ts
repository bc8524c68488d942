/**
 * The working state of a call (docs/decisions/023-call-working-state.md): saved by the CSR holding
 * the call, given back to that CSR only, kept when the screen goes (call-inactive with save), and discarded when the
 * call ends, is cancelled or is left to be forgotten.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DALE, MARGARET, WALTER, expectBadInput, ok, send, userId } from './test-support.js';

let t: TestApp;
let franchiseId: number;

beforeAll(async () => {
  t = await createTestApp();
  franchiseId = await userId(t, 'csr.franchise');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from call_locks`);
  await t.db.execute(sql`delete from saved_calls`);
  await t.db.execute(sql`delete from call_work_states`);
});

const ACTIVE = '/api/call-center/call-active';
const INACTIVE = '/api/call-center/call-inactive';
const url = (call: { sqldbid: number; customerNo: number }) =>
  `/api/call-center/work-state/${call.sqldbid}/${call.customerNo}`;

/** What a CSR has done on a call: a program, a coupon, discounts, a result, notes and survey answers. */
const STATE = {
  callStart: '2026-03-02 09:15:00',
  result: 'Sale',
  followUp: 'None',
  callbackAt: null,
  serviceCallReason: null,
  notes: 'Wants the spring round early.\nCall back after 5.',
  survey: { '1': 'Yes', '2': 'A neighbour' },
  pricing: {
    serviceYear: 2026,
    selections: { lawnProgramId: 1, additionalServiceIds: [11], couponCode: 'SAVE20' },
    flags: { prepay: false, callDiscount: true },
    edits: {},
  },
  customerEdits: null,
  customerInfoEditId: null,
  phoneCallId: null,
};
const save = (revision: number, state: Record<string, unknown> = STATE, callType = 'Inbound') => ({
  callType,
  revision,
  state,
});

async function rowsOfTable() {
  return rowsOf<{ user_id: number; sqldbid: number; customer_no: number; revision: number }>(
    await t.db.execute(sql`select user_id, sqldbid, customer_no, revision from call_work_states order by user_id`),
  );
}

describe('the working state of a call', () => {
  it('is saved by the CSR holding the call and given back as it was saved', async () => {
    const csr = await t.signin('csr.franchise');
    expect(await ok(t, csr, 'GET', url(MARGARET))).toEqual({ workState: null });
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });

    const answer = await ok<{ saved: boolean; revision: number }>(t, csr, 'PUT', url(MARGARET), save(1));
    expect(answer).toMatchObject({ saved: true, revision: 1 });
    const { workState } = await ok<{ workState: Record<string, unknown> }>(t, csr, 'GET', url(MARGARET));
    expect(workState).toEqual({
      callType: 'Inbound',
      callRow: '',
      revision: 1,
      updatedAt: t.clock.now().toISOString(),
      state: STATE,
    });
  });

  it('fills in what a save leaves out, as a call just opened has it', async () => {
    const csr = await t.signin('csr.franchise');
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, csr, 'PUT', url(MARGARET), save(1, { notes: 'only notes' }));
    const { workState } = await ok<{ workState: { state: Record<string, unknown> } }>(t, csr, 'GET', url(MARGARET));
    expect(workState.state).toEqual({
      callStart: null,
      result: null,
      followUp: 'None',
      callbackAt: null,
      serviceCallReason: null,
      notes: 'only notes',
      survey: {},
      pricing: { serviceYear: null, selections: { additionalServiceIds: [] }, flags: {}, edits: {} },
      customerEdits: null,
      customerInfoEditId: null,
      phoneCallId: null,
    });
  });

  it('keeps the newest revision: a slower, older save does not overwrite it', async () => {
    const csr = await t.signin('csr.franchise');
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, csr, 'PUT', url(MARGARET), save(5, { ...STATE, notes: 'newer' }));
    expect(await ok(t, csr, 'PUT', url(MARGARET), save(4, { ...STATE, notes: 'older' }))).toMatchObject({
      saved: false,
      revision: 5,
    });
    const { workState } = await ok<{ workState: { state: { notes: string } } }>(t, csr, 'GET', url(MARGARET));
    expect(workState.state.notes).toBe('newer');
    // Another call type of the same customer is another call: its state replaces this one whatever the revision.
    await ok(t, csr, 'PUT', url(MARGARET), save(1, { notes: 'upsell' }, 'Upsell'));
    expect(await rowsOfTable()).toEqual([{ user_id: franchiseId, ...keyOf(MARGARET), revision: 1 }]);
  });

  it('is saved only while the CSR holds the call', async () => {
    const csr = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    // Never opened.
    const never = await send<{ message: string }>(t, csr, 'PUT', url(MARGARET), save(1));
    expect(never.status).toBe(409);
    // Held by someone else.
    await ok(t, admin, 'POST', ACTIVE, { ...DALE, callType: 'Inbound' });
    expect((await send(t, csr, 'PUT', url(DALE), save(1))).status).toBe(409);
    // A customer out of the CSR's scope is not found, as one that does not exist.
    expect((await send(t, csr, 'PUT', url(WALTER), save(1))).status).toBe(404);
    expect((await send(t, csr, 'GET', url(WALTER))).status).toBe(404);
    expect(await rowsOfTable()).toEqual([]);
  });

  it('belongs to its CSR: another CSR on the same call neither sees nor changes it', async () => {
    const csr = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, csr, 'PUT', url(MARGARET), save(1));
    await ok(t, csr, 'POST', INACTIVE, { ...MARGARET, save: true, callType: 'Inbound' });

    // The admin opens the same customer: a call of their own, with nothing restored.
    await ok(t, admin, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    expect(await ok(t, admin, 'GET', url(MARGARET))).toEqual({ workState: null });
    await ok(t, admin, 'PUT', url(MARGARET), save(9, { notes: 'the admin’s' }));
    await ok(t, admin, 'DELETE', url(MARGARET));
    const { workState } = await ok<{ workState: { state: { notes: string } } }>(t, csr, 'GET', url(MARGARET));
    expect(workState.state.notes).toBe(STATE.notes);
  });

  it('is kept by call-inactive with save, in the transaction that releases the call', async () => {
    const csr = await t.signin('csr.franchise');
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, csr, 'PUT', url(MARGARET), save(1, { notes: 'debounced' }));
    // The page goes away: the last edits come with the release, which the save could not follow (no lock).
    await ok(t, csr, 'POST', INACTIVE, { ...MARGARET, save: true, callType: 'Inbound', workState: save(2) });
    expect((await send(t, csr, 'PUT', url(MARGARET), save(3))).status).toBe(409);

    // Signed in again, the CSR is sent back to the saved call and finds the work as it was.
    const again = await t.signin('csr.franchise');
    const { saved } = await ok<{ saved: Record<string, unknown> }>(t, again, 'GET', '/api/call-center/saved-call');
    expect(saved).toMatchObject(MARGARET);
    await ok(t, again, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    const { workState } = await ok<{ workState: { revision: number; state: unknown } }>(t, again, 'GET', url(MARGARET));
    expect(workState).toMatchObject({ revision: 2, state: STATE });
  });

  it("keeps a screen pop's phone call id, so the call resumed from the dashboard still carries it", async () => {
    const csr = await t.signin('csr.franchise');
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    const popped = { ...STATE, phoneCallId: 'CA-77f0-91' };
    await ok(t, csr, 'POST', INACTIVE, { ...MARGARET, save: true, callType: 'Inbound', workState: save(1, popped) });
    const again = await t.signin('csr.franchise');
    await ok(t, again, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    const { workState } = await ok<{ workState: { state: { phoneCallId: string | null } } }>(
      t,
      again,
      'GET',
      url(MARGARET),
    );
    expect(workState.state.phoneCallId).toBe('CA-77f0-91');
    // A state that never had one reads as none; an id the call history could not keep is refused, naming it.
    await ok(t, again, 'PUT', url(MARGARET), save(2));
    const plain = await ok<{ workState: { state: { phoneCallId: string | null } } }>(t, again, 'GET', url(MARGARET));
    expect(plain.workState.state.phoneCallId).toBeNull();
    await expectBadInput(
      t,
      again,
      'PUT',
      url(MARGARET),
      save(3, { ...STATE, phoneCallId: 'has spaces' }),
      'state.phoneCallId',
    );
  });

  it('is refused whole when a field is out of bounds, naming the field', async () => {
    const csr = await t.signin('csr.franchise');
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    const cases: [unknown, string][] = [
      [save(1, { ...STATE, notes: 'x'.repeat(4001) }), 'state.notes'],
      [save(1, { ...STATE, result: 'Sale\u0000' }), 'state.result'],
      [save(1, { ...STATE, callbackAt: '2026-02-30 10:00:00' }), 'state.callbackAt'],
      [save(1, { ...STATE, survey: { abc: 'x' } }), 'state.survey'],
      [
        save(1, { ...STATE, pricing: { ...STATE.pricing, edits: { roundCount: 0 } } }),
        'state.pricing.edits.roundCount',
      ],
      [save(2_147_483_648), 'revision'],
      [save(1, STATE, 'Telepathy'), 'callType'],
      // A stored customer is edited through its own route, each edit recorded.
      [save(1, { ...STATE, customerEdits: { firstName: 'Peg' } }), 'state.customerEdits'],
    ];
    for (const [body, field] of cases) await expectBadInput(t, csr, 'PUT', url(MARGARET), body, field);
    expect(await rowsOfTable()).toEqual([]);
  });

  it('of a new prospect keeps the CSR’s edits of the customer', async () => {
    const csr = await t.signin('csr.franchise');
    const prospect = { sqldbid: MARGARET.sqldbid, customerNo: 0 };
    const edits = { firstName: 'Nora', lastName: 'Quill', zip: '60540', homePhone: '6305550199', lawnSize: 0.3 };
    await ok(t, csr, 'PUT', url(prospect), { ...save(1, { ...STATE, customerEdits: edits }), callRow: 'a1b2c3' });
    const { workState } = await ok<{ workState: { callRow: string; state: { customerEdits: unknown } } }>(
      t,
      csr,
      'GET',
      url(prospect),
    );
    expect(workState.callRow).toBe('a1b2c3');
    expect(workState.state.customerEdits).toEqual(edits);
  });
});

const keyOf = (call: { sqldbid: number; customerNo: number }) => ({
  sqldbid: call.sqldbid,
  customer_no: call.customerNo,
});

describe('the working state is discarded', () => {
  async function withState(token: string) {
    await ok(t, token, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    await ok(t, token, 'PUT', url(MARGARET), save(1));
    expect(await rowsOfTable()).toHaveLength(1);
  }

  it('when the call ends', async () => {
    const csr = await t.signin('csr.franchise');
    await withState(csr);
    await ok(t, csr, 'POST', '/api/call-center/end-call', {
      idempotencyKey: randomUUID(),
      ...MARGARET,
      callType: 'Inbound',
      result: 'Not Interested',
      sendEmail: false,
    });
    expect(await rowsOfTable()).toEqual([]);
  });

  it('when the call is cancelled', async () => {
    const csr = await t.signin('csr.franchise');
    await withState(csr);
    await ok(t, csr, 'POST', '/api/currentcall/insertCancelCall', {
      csuser_id: franchiseId,
      sqldbid: MARGARET.sqldbid,
      cust_no: MARGARET.customerNo,
      callType: 'Inbound',
    });
    expect(await rowsOfTable()).toEqual([]);
  });

  it('when the call is left to be forgotten (call-inactive without save), or on DELETE', async () => {
    const csr = await t.signin('csr.franchise');
    await withState(csr);
    await ok(t, csr, 'POST', INACTIVE, { ...MARGARET, save: false, callType: 'Inbound', workState: save(2) });
    expect(await rowsOfTable()).toEqual([]);
    await withState(csr);
    expect(await ok(t, csr, 'DELETE', url(MARGARET))).toEqual({ ok: true });
    expect(await rowsOfTable()).toEqual([]);
  });

  it('when the CSR opens another call: one call’s work at a time, as one saved call', async () => {
    const csr = await t.signin('csr.franchise');
    await withState(csr);
    await ok(t, csr, 'POST', INACTIVE, { ...MARGARET, save: true, callType: 'Inbound' });
    // Coming back to the same call keeps it ...
    await ok(t, csr, 'POST', ACTIVE, { ...MARGARET, callType: 'Inbound' });
    expect(await rowsOfTable()).toHaveLength(1);
    // ... opening another forgets it, as the saved call is forgotten.
    await ok(t, csr, 'POST', ACTIVE, { ...DALE, callType: 'Inbound' });
    expect(await rowsOfTable()).toEqual([]);
  });
});
