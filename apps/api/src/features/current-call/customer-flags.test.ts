/**
 * Flags on the customer of a call: GET /api/customer/FederalDoNotCallStatus/{customerNo}/{sqldbid}
 * (call-handling.md §5: IsOnFederalDoNotCallList), GET /api/CurrentCall/AutoPay/?Customer=&SQLDBID= and
 * PUT /api/CurrentCall/{customerNo}/{sqldbid}/AutoPay/Disable (§3 autopay setting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  HARRIET,
  IRENE,
  NO_FRANCHISE,
  NOBODY,
  OUT_OF_SCOPE_FOR_FRANCHISE,
  WALTER,
  expectBadInput,
  holdCall,
  expectSameAsMissing,
  ok,
  signinAll,
  type Sessions,
  NO_FRANCHISE_FOUND,
} from './test-support.js';

let t: TestApp;
let s: Sessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  // Dale is on the federal list; Irene (SG103) too, so that a leak would show.
  await t.db.execute(sql`update customers set federal_do_not_call = (customer_no in (1002, 1003))
    where sqldbid = 18001 and customer_no in (1001, 1002, 1003)`);
});
afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { status: 404, message: 'Customer Not Found.' };

describe('GET /api/customer/FederalDoNotCallStatus/{customerNo}/{sqldbid}', () => {
  const url = (customerNo: number | string, sqldbid: number | string) =>
    `/api/customer/FederalDoNotCallStatus/${customerNo}/${sqldbid}`;

  it('answers IsOnFederalDoNotCallList', async () => {
    expect(await ok(t, s['csr.franchise'], 'GET', url(1002, 18001))).toEqual({ IsOnFederalDoNotCallList: true });
    expect(await ok(t, s['csr.franchise'], 'GET', url(1001, 18001))).toEqual({ IsOnFederalDoNotCallList: false });
    expect(await ok(t, s['csr.cof'], 'GET', url(1005, 17501))).toEqual({ IsOnFederalDoNotCallList: false });
  });

  it('answers a customer outside the scope exactly as a missing one', async () => {
    for (const c of [...OUT_OF_SCOPE_FOR_FRANCHISE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'GET',
        { url: url(c.customerNo, c.sqldbid) },
        { url: url(NOBODY, c.sqldbid) },
        NOT_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'GET',
      { url: url(IRENE.customerNo, 18001) },
      { url: url(NOBODY, 18001) },
      NOT_FOUND,
    );
  });

  it('refuses bad input', async () => {
    await expectBadInput(t, s['csr.franchise'], 'GET', url('x', 18001), undefined, 'customerNo');
    await expectBadInput(t, s['csr.franchise'], 'GET', url(-1, 18001), undefined, 'customerNo');
    await expectBadInput(t, s['csr.franchise'], 'GET', url(1001, 0), undefined, 'sqldbid');
  });
});

describe('GET /api/CurrentCall/AutoPay/ and PUT …/AutoPay/Disable', () => {
  const get = (customer: number | string, sqldbid: number | string) =>
    `/api/CurrentCall/AutoPay/?Customer=${customer}&SQLDBID=${sqldbid}`;
  const disable = (customerNo: number | string, sqldbid: number | string) =>
    `/api/CurrentCall/${customerNo}/${sqldbid}/AutoPay/Disable`;
  const enabledOf = async (sqldbid: number, customerNo: number) =>
    rowsOf<{ on: boolean }>(
      await t.db.execute(
        sql`select autopay_enabled as on from customers where sqldbid = ${sqldbid} and customer_no = ${customerNo}`,
      ),
    )[0]?.on;

  it('answers the franchise’s enrolment and the customer’s setting', async () => {
    // 17501 is enrolled and Harriet (1005, an existing customer) pays by autopay; Margaret does not.
    expect(await ok(t, s['csr.cof'], 'GET', get(1005, 17501))).toEqual({
      isFranchiseAutoPayEnrolled: true,
      isCustomerAutoPayEnabled: true,
    });
    expect(await ok(t, s['csr.franchise'], 'GET', get(1001, 18001))).toEqual({
      isFranchiseAutoPayEnrolled: true,
      isCustomerAutoPayEnabled: false,
    });
    // A new prospect has none; franchise 18005 is not enrolled.
    expect(await ok(t, s['csr.franchise'], 'GET', get(0, 18001))).toEqual({
      isFranchiseAutoPayEnrolled: true,
      isCustomerAutoPayEnabled: false,
    });
    expect(await ok(t, s.admin, 'GET', get(0, 18005))).toEqual({
      isFranchiseAutoPayEnrolled: false,
      isCustomerAutoPayEnabled: false,
    });
  });

  it('disables autopay, and a repeat answers the same', async () => {
    const answer = { isFranchiseAutoPayEnrolled: true, isCustomerAutoPayEnabled: false };
    await holdCall(t, s['csr.cof'], HARRIET);
    expect(await ok(t, s['csr.cof'], 'PUT', disable(1005, 17501))).toEqual(answer);
    expect(await enabledOf(17501, 1005)).toBe(false);
    expect(await ok(t, s['csr.cof'], 'PUT', disable(1005, 17501))).toEqual(answer);
    expect(await ok(t, s['csr.cof'], 'GET', get(1005, 17501))).toEqual(answer);
  });

  it('answers and refuses outside the scope exactly as for missing records, changing nothing', async () => {
    await t.db.execute(sql`update customers set autopay_enabled = true where customer_no in (1003, 1004, 1005)`);
    const f = s['csr.franchise'];
    for (const c of [IRENE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        f,
        'GET',
        { url: get(c.customerNo, c.sqldbid) },
        { url: get(NOBODY, 18001) },
        NOT_FOUND,
      );
      await expectSameAsMissing(
        t,
        f,
        'PUT',
        { url: disable(c.customerNo, c.sqldbid) },
        { url: disable(NOBODY, 18001) },
        NOT_FOUND,
      );
    }
    for (const c of [WALTER, HARRIET]) {
      await expectSameAsMissing(
        t,
        f,
        'GET',
        { url: get(c.customerNo, c.sqldbid) },
        { url: get(c.customerNo, NO_FRANCHISE) },
        NO_FRANCHISE_FOUND,
      );
      await expectSameAsMissing(
        t,
        f,
        'PUT',
        { url: disable(c.customerNo, c.sqldbid) },
        { url: disable(NOBODY, c.sqldbid) },
        NOT_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'PUT',
      { url: disable(1003, 18001) },
      { url: disable(NOBODY, 18001) },
      NOT_FOUND,
    );
    for (const c of [IRENE, WALTER, HARRIET]) expect(await enabledOf(c.sqldbid, c.customerNo)).toBe(true);
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'GET', get(-1, 18001), undefined, 'Customer');
    await expectBadInput(t, f, 'GET', get('x', 18001), undefined, 'Customer');
    await expectBadInput(t, f, 'GET', '/api/CurrentCall/AutoPay/?Customer=1001', undefined, 'SQLDBID');
    await expectBadInput(t, f, 'GET', get(1001, 0), undefined, 'SQLDBID');
    await expectBadInput(t, f, 'PUT', disable(0, 18001), undefined, 'customerNo');
    await expectBadInput(t, f, 'PUT', disable(1001, 'x'), undefined, 'sqldbid');
  });
});
