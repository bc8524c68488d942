/**
 * Customer edits (docs/decisions/021-orders-and-call-writes.md): an edit carries the version it
 * was made on and a stale one is refused (409, nothing changed); an edit needs the customer's call lock; turning
 * autopay off is recorded as a customer info edit like any other and raises the version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CUSTOMER_CHANGED_MESSAGE } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  DALE,
  HARRIET,
  customerVersion,
  editCustomer,
  expectRefused,
  holdCall,
  ok,
  signinAll,
  type Sessions,
} from './test-support.js';

let t: TestApp;
let s: Sessions;
beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
});
afterAll(async () => {
  await t.close();
});

const NOT_HELD = { status: 409, message: 'Open this customer’s call before changing it: you do not hold it.' };
const DALE_URL = `/api/customer/${DALE.customerNo}/${DALE.sqldbid}`;

describe('customer versions', () => {
  it('the read answers the version; an edit raises it', async () => {
    const version = await customerVersion(t, DALE);
    expect((await ok<{ version: number }>(t, s['csr.franchise'], 'GET', '/api/customer/18001/1002')).version).toBe(
      version,
    );
    const answer = await editCustomer<{ customer: { version: number } }>(t, s['csr.franchise'], DALE, {
      firstName: 'Dale',
    });
    expect(answer.customer.version).toBe(version + 1);
  });

  it('an edit made on a version another user has changed since is refused (409), nothing changed', async () => {
    const f = s['csr.franchise'];
    await holdCall(t, f, DALE);
    const seen = (await ok<{ version: number }>(t, f, 'GET', '/api/customer/18001/1002')).version;
    // Another user changes the customer meanwhile (and leaves the call).
    await editCustomer(t, s.admin, DALE, { workPhone: '6305550199' });
    await holdCall(t, f, DALE);
    await expectRefused(
      t,
      f,
      'PUT',
      DALE_URL,
      { version: seen, lastName: 'Stale' },
      {
        status: 409,
        message: CUSTOMER_CHANGED_MESSAGE,
      },
    );
    // Read again, the edit goes through.
    const fresh = (await ok<{ version: number }>(t, f, 'GET', '/api/customer/18001/1002')).version;
    expect(fresh).toBe(seen + 1);
    await ok(t, f, 'PUT', DALE_URL, { version: fresh, lastName: 'Okonkwo' });
  });

  it('an edit without the customer’s call lock is refused (409), nothing changed', async () => {
    const f = s['csr.franchise'];
    await holdCall(t, s.admin, DALE);
    const version = await customerVersion(t, DALE);
    await expectRefused(t, f, 'PUT', DALE_URL, { version, firstName: 'Nolock' }, NOT_HELD);
    await t.db.execute(sql`delete from call_locks where customer_no = ${DALE.customerNo}`);
    await expectRefused(t, f, 'PUT', DALE_URL, { version, firstName: 'Nolock' }, NOT_HELD);
  });
});

describe('turning autopay off', () => {
  const disable = `/api/CurrentCall/${HARRIET.customerNo}/${HARRIET.sqldbid}/AutoPay/Disable`;
  const editsOf = async () =>
    rowsOf<{ user_id: number; before: { isAutoPayEnabled: boolean }; after: { isAutoPayEnabled: boolean } }>(
      await t.db.execute(sql`select user_id, before, after from customer_info_edits
        where sqldbid = ${HARRIET.sqldbid} and customer_no = ${HARRIET.customerNo} order by customer_info_edit_id`),
    );

  it('needs the call lock (409, nothing changed)', async () => {
    await t.db.execute(sql`update customers set autopay_enabled = true where customer_no = ${HARRIET.customerNo}`);
    await t.db.execute(sql`delete from call_locks where customer_no = ${HARRIET.customerNo}`);
    await expectRefused(t, s['csr.cof'], 'PUT', disable, undefined, NOT_HELD);
  });

  it('is recorded as a customer info edit like any other, and raises the version', async () => {
    await t.db.execute(sql`update customers set autopay_enabled = true where customer_no = ${HARRIET.customerNo}`);
    const cof = s['csr.cof'];
    await holdCall(t, cof, HARRIET);
    const version = await customerVersion(t, HARRIET);
    const before = await editsOf();
    expect(await ok(t, cof, 'PUT', disable)).toMatchObject({ isCustomerAutoPayEnabled: false });
    const edits = await editsOf();
    expect(edits).toHaveLength(before.length + 1);
    expect(edits.at(-1)).toMatchObject({ before: { isAutoPayEnabled: true }, after: { isAutoPayEnabled: false } });
    expect(await customerVersion(t, HARRIET)).toBe(version + 1);
    // The recorded edit comes with the customer, so the end of the call links it.
    const read = await ok<{ customerInfoEditId: number | null; version: number }>(
      t,
      cof,
      'GET',
      '/api/customer/17501/1005',
    );
    expect(read.customerInfoEditId).not.toBeNull();
    expect(read.version).toBe(version + 1);
    // Already off: nothing more to record.
    await ok(t, cof, 'PUT', disable);
    expect(await editsOf()).toHaveLength(edits.length);
  });
});
