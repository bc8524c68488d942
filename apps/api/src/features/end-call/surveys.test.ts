/**
 * Surveys (GET/POST /api/Surveys/Survey…, SaveNewCustomerSurvey), the services of a call
 * (CustomerHistoryAdditionalServices) and the step log (stepDebug): success, scope, bad input (400,
 * nothing changed), 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEW_CUSTOMER_SURVEY } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { holdCall } from '../../test/calls.js';
import { customerOf, fingerprint, insertCall, orderSession, request } from './test-support.js';

let t: TestApp;
let franchise: string;
let admin: string;
let fs: Record<string, string>;
let as: Record<string, string>;
let franchiseId: number;
/** A call of Margaret's by csr.franchise, still going, its call held by them: its history is theirs to write. */
async function openCall(): Promise<number> {
  await holdCall(t, franchise, MARGARET);
  return insertCall(t.db, { sqldbid: 18001, custNo: 1001, branchNo: 'SG101', csuserId: franchiseId, open: true });
}
beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
  admin = await t.signin('admin');
  fs = await orderSession(t, franchise);
  as = await orderSession(t, admin);
  franchiseId = rowsOf<{ id: number }>(
    await t.db.execute(sql`select user_id as id from users where username = 'csr.franchise'`),
  )[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const MARGARET = { sqldbid: 18001, customerNo: 1001 };
const GUID = NEW_CUSTOMER_SURVEY.surveyGuid;
const SURVEY = '/api/Surveys/Survey';
const answers = [
  { id: 101, text: 'How did you hear about us?', hidden: false, required: true, answer: { value: 'Lawn sign' } },
  { id: 102, answer: { value: '' } },
  { id: 105, answer: { value: 'Yes' } },
];
const SURVEY_TABLES = ['surveys', 'survey_answers', 'call_history'];

async function answersOf(surveyId: number) {
  return rowsOf<{ question_id: number; question_text: string; answer: string; required: boolean }>(
    await t.db.execute(
      sql`select question_id, question_text, answer, required from survey_answers where survey_id = ${surveyId} order by question_id`,
    ),
  );
}

describe('GET /api/Surveys/Survey/{guid}', () => {
  it('answers the form; 404 for an unknown one; 400 for a malformed id; 401 without a session', async () => {
    const form = await request(t, franchise, 'GET', `${SURVEY}/${GUID}`, undefined, fs);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual(NEW_CUSTOMER_SURVEY);
    const unknown = await request(t, franchise, 'GET', `${SURVEY}/0b8e7c1a-2f4d-4e6a-9c3b-5d7e9f1a2b3c`, undefined, fs);
    expect(unknown.statusCode).toBe(404);
    const bad = await request(t, franchise, 'GET', `${SURVEY}/not-a-guid`, undefined, fs);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('guid: must be a survey id (a GUID)');
    expect((await request(t, undefined, 'GET', `${SURVEY}/${GUID}`, undefined, fs)).statusCode).toBe(401);
  });
});

describe('POST /api/Surveys/Survey', () => {
  it('saves the answers with the form’s wording and completedOn in the franchise’s time zone', async () => {
    const response = await request(
      t,
      franchise,
      'POST',
      SURVEY,
      { sqldbid: 18001, custNo: 1001, questions: answers, client: 'web' },
      fs,
    );
    expect(response.statusCode).toBe(200);
    // The test clock is 2026-06-15 15:00:00 UTC: 10:00 in Chicago.
    expect(response.json()).toMatchObject({ completedOn: '2026-06-15 10:00:00', timeZone: 'America/Chicago' });
    expect(await answersOf(response.json().surveyId)).toEqual([
      { question_id: 101, question_text: 'How did you hear about us?', answer: 'Lawn sign', required: true },
      { question_id: 102, question_text: 'Do you have an irrigation system?', answer: '', required: false },
      {
        question_id: 105,
        question_text: 'Would you like to hear about the THP program?',
        answer: 'Yes',
        required: false,
      },
    ]);

    // A franchise in New York time (Buckeye Lawn Care, 18006): 11:00 there.
    const { customer_no } = await customerOf(t.db, 18006);
    const eastern = await request(
      t,
      admin,
      'POST',
      SURVEY,
      { sqldbid: 18006, custNo: customer_no, questions: answers },
      as,
    );
    expect(eastern.json()).toMatchObject({ completedOn: '2026-06-15 11:00:00', timeZone: 'America/New_York' });
    const [stored] = rowsOf<{ completed_on: string }>(
      await t.db.execute(sql`select completed_on from surveys where survey_id = ${eastern.json().surveyId}`),
    );
    expect(stored?.completed_on).toBe('2026-06-15 11:00:00');
  });

  it('401 without a session; 404 for a customer outside the scope, nothing written', async () => {
    expect(
      (await request(t, undefined, 'POST', SURVEY, { sqldbid: 18001, custNo: 1001, questions: answers }, fs))
        .statusCode,
    ).toBe(401);
    const before = await fingerprint(t.db, SURVEY_TABLES);
    const outside = await request(
      t,
      franchise,
      'POST',
      SURVEY,
      { sqldbid: 18001, custNo: 1003, questions: answers },
      fs,
    );
    expect(outside.statusCode).toBe(404);
    expect(await fingerprint(t.db, SURVEY_TABLES)).toBe(before);
  });

  it.each([
    [{ questions: [{ id: 101, answer: { value: ' ' } }] }, 'questions.0.answer.value: is required'],
    [{ questions: [{ id: 102, answer: { value: 'No' } }] }, 'questions: question 101 is required'],
    [
      { questions: [...answers, { id: 999, answer: { value: 'x' } }] },
      'questions.3.id: question 999 is not in the survey',
    ],
    [
      { questions: [...answers, { id: 101, answer: { value: 'Other' } }] },
      'questions.3.id: question 101 is answered twice',
    ],
    [
      {
        questions: [
          { id: 101, answer: { value: 'Lawn sign' } },
          { id: 105, answer: { value: 'Maybe' } },
        ],
      },
      "questions.1.answer.value: must be one of 'Yes', 'No'",
    ],
    [{ questions: [] }, 'questions: must hold the answers'],
    [{ surveyGuid: '0b8e7c1a-2f4d-4e6a-9c3b-5d7e9f1a2b3c' }, 'surveyGuid: is not a survey'],
    [{ custNo: -5 }, 'custNo: '],
    [{ callId: 99999999 }, 'Call not found.'],
  ])('%j: refused, nothing written', async (change, message) => {
    const before = await fingerprint(t.db, SURVEY_TABLES);
    const response = await request(
      t,
      franchise,
      'POST',
      SURVEY,
      { sqldbid: 18001, custNo: 1001, questions: answers, ...change },
      fs,
    );
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, SURVEY_TABLES)).toBe(before);
  });
});

describe('POST /api/CurrentCall/SaveNewCustomerSurvey', () => {
  const URL = '/api/CurrentCall/SaveNewCustomerSurvey';

  it('saves the call’s survey and stores its id on the call; saving again replaces the answers', async () => {
    const callId = await openCall();
    const first = await request(t, franchise, 'POST', URL, { callId, SurveyResults: { questions: answers } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ completedOn: '2026-06-15 10:00:00', timeZone: 'America/Chicago' });
    const surveyId = first.json().SurveyId as number;
    const [call] = rowsOf<{ survey_id: number }>(
      await t.db.execute(sql`select survey_id from call_history where call_id = ${callId}`),
    );
    expect(call?.survey_id).toBe(surveyId);

    t.clock.advance(60);
    const again = await request(t, franchise, 'POST', URL, {
      callId,
      SurveyResults: { questions: [{ id: 101, answer: { value: 'Other' } }] },
    });
    expect(again.json()).toMatchObject({ SurveyId: surveyId, completedOn: '2026-06-15 10:01:00' });
    expect((await answersOf(surveyId)).map((a) => [a.question_id, a.answer])).toEqual([[101, 'Other']]);
    t.clock.advance(-60);
  });

  it('401; 404 for a call outside the scope; 400 for a missing required answer — nothing written', async () => {
    const callId = await insertCall(t.db, { sqldbid: 18001, custNo: 1003, branchNo: 'SG103' });
    const mine = await openCall();
    const before = await fingerprint(t.db, SURVEY_TABLES);
    expect(
      (await request(t, undefined, 'POST', URL, { callId, SurveyResults: { questions: answers } })).statusCode,
    ).toBe(401);
    expect(
      (await request(t, franchise, 'POST', URL, { callId, SurveyResults: { questions: answers } })).statusCode,
    ).toBe(404);
    const missing = await request(t, franchise, 'POST', URL, {
      callId: mine,
      SurveyResults: { questions: [{ id: 101, answer: { value: '' } }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('SurveyResults.questions.0.answer.value: is required');
    const noResults = await request(t, franchise, 'POST', URL, { callId: mine });
    expect(noResults.json().message).toContain('SurveyResults: ');
    expect(await fingerprint(t.db, SURVEY_TABLES)).toBe(before);
  });
});

describe('POST /api/CurrentCall/CustomerHistoryAdditionalServices', () => {
  const URL = '/api/CurrentCall/CustomerHistoryAdditionalServices';
  const body = (callId: number) => ({
    callId,
    LawnProgram: { Id: 1, ServiceDefId: 101, ServiceName: 'Preferred Program', FinalPrice: 45, TotalRounds: 6 },
    PestProgram: null,
    AdditionalServices: [
      { Id: 11, ServiceDefId: 310, ServiceName: 'Grub Control', FinalPrice: 89, Free: true },
      { Id: 12, ServiceDefId: 320, ServiceName: 'Core Aeration', FinalPrice: 129 },
    ],
    Discount: 27,
    Coupon: { CouponCode: 'SAVE20', Value: 20 },
  });
  const rows = async (callId: number) =>
    rowsOf<{
      kind: string;
      service_def_id: number | null;
      name: string;
      amount: string;
      free: boolean;
      code: string | null;
    }>(
      await t.db.execute(
        sql`select kind, service_def_id, name, amount::text, free, code from call_services where call_id = ${callId} order by call_service_id`,
      ),
    );

  it('saves the programs, services, discount and coupon against the call; again replaces them', async () => {
    const callId = await openCall();
    const response = await request(t, franchise, 'POST', URL, body(callId));
    expect(response.json()).toEqual({ callId, saved: 5 });
    expect(await rows(callId)).toEqual([
      { kind: 'LawnProgram', service_def_id: 101, name: 'Preferred Program', amount: '45.00', free: false, code: null },
      { kind: 'AdditionalService', service_def_id: 310, name: 'Grub Control', amount: '89.00', free: true, code: null },
      {
        kind: 'AdditionalService',
        service_def_id: 320,
        name: 'Core Aeration',
        amount: '129.00',
        free: false,
        code: null,
      },
      { kind: 'Discount', service_def_id: null, name: 'Call discount', amount: '27.00', free: false, code: null },
      { kind: 'Coupon', service_def_id: null, name: 'SAVE20', amount: '20.00', free: false, code: 'SAVE20' },
    ]);
    const again = await request(t, franchise, 'POST', URL, { callId, AdditionalServices: [] });
    expect(again.json()).toEqual({ callId, saved: 0 });
    expect(await rows(callId)).toEqual([]);
  });

  it('401; 404 outside the scope; 400 for bad input — nothing changed', async () => {
    const outside = await insertCall(t.db, { sqldbid: 18001, custNo: 1003, branchNo: 'SG103' });
    const mine = await openCall();
    await request(t, franchise, 'POST', URL, body(mine));
    const before = await fingerprint(t.db, ['call_services']);
    expect((await request(t, undefined, 'POST', URL, body(mine))).statusCode).toBe(401);
    expect((await request(t, franchise, 'POST', URL, body(outside))).statusCode).toBe(404);
    const twice = await request(t, franchise, 'POST', URL, {
      ...body(mine),
      AdditionalServices: [body(mine).AdditionalServices[0], body(mine).AdditionalServices[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('AdditionalServices.1.ServiceDefId: 310 is listed twice');
    const price = await request(t, franchise, 'POST', URL, { ...body(mine), Discount: 1.001 });
    expect(price.json().message).toBe('Discount: must have at most 2 decimals');
    const coupon = await request(t, franchise, 'POST', URL, { ...body(mine), Coupon: { CouponCode: '', Value: 5 } });
    expect(coupon.json().message).toBe('Coupon.CouponCode: is required');
    expect(await fingerprint(t.db, ['call_services'])).toBe(before);
  });
});

describe('POST /api/currentcall/stepDebug', () => {
  const URL = '/api/currentcall/stepDebug';

  /** A call, an order and its line of customer 1001 (SG101, csr.franchise's), or of 1003 (SG103, outside). */
  async function refs(customerNo: 1001 | 1003) {
    const branchNo = customerNo === 1001 ? 'SG101' : 'SG103';
    const callId = await insertCall(t.db, { sqldbid: 18001, custNo: customerNo, branchNo });
    // An order's lines change only in a call its user holds (decision 021): open it (before the order: opening expires a pending NORMAL order), add the line, leave it.
    const call = { sqldbid: 18001, customerNo };
    await holdCall(t, admin, call);
    const order = await request(
      t,
      admin,
      'POST',
      '/api/Orders/Order',
      {
        sqldbid: 18001,
        customerNo,
        isPrepay: false,
        isAutopay: false,
        orderType: 'NORMAL',
        orderStatus: 'PENDING',
        subTotal: 45,
        tax: 0,
        total: 45,
        title: 'Preferred Program',
      },
      as,
    );
    if (order.statusCode !== 200) throw new Error(`order: ${order.body}`);
    const orderId = order.json<{ id: number }>().id;
    const line = await request(
      t,
      admin,
      'POST',
      `/api/Orders/Order/${orderId}/Lines/Line`,
      {
        serviceDefId: 101,
        serviceName: 'Preferred Program',
        rounds: 1,
        unitPrice: 45,
        quantity: 1,
        extendedPrice: 45,
        unitPriceSold: 45,
        extendedPriceSold: 45,
        installment: false,
        remainMonths: 0,
      },
      as,
    );
    if (line.statusCode !== 200) throw new Error(`line: ${line.body}`);
    await request(t, admin, 'POST', '/api/call-center/call-inactive', { ...call, save: false });
    return { callId, orderId, orderItemId: line.json<{ id: number }>().id };
  }

  it('logs a step with its parameters as text; JSON parameters are kept as JSON text', async () => {
    const own = await refs(1001);
    const response = await request(t, franchise, 'POST', URL, {
      stepId: 4,
      SQLDBID: 18001,
      CustNo: 1001,
      OrderId: own.orderId,
      OrderItemId: own.orderItemId,
      Call_id: own.callId,
      SessionId: 'abc',
      ParametersData: { serviceDefId: 101, quantity: 6 },
      Status: 'OK',
      Log: 'Create Order Item',
    });
    expect(response.statusCode).toBe(200);
    const [row] = rowsOf<Record<string, unknown>>(
      await t.db
        .execute(sql`select step_id, sqldbid, cust_no, order_id, order_item_id, call_id, session_id, parameters_data, status, log
                             from step_log where step_log_id = ${response.json().id}`),
    );
    expect(row).toEqual({
      step_id: 4,
      sqldbid: 18001,
      cust_no: 1001,
      order_id: own.orderId,
      order_item_id: own.orderItemId,
      call_id: own.callId,
      session_id: 'abc',
      parameters_data: '{"serviceDefId":101,"quantity":6}',
      status: 'OK',
      log: 'Create Order Item',
    });
  });

  it('a customer, order, line or call outside the scope, or of another franchise, is refused naming it', async () => {
    const own = await refs(1001);
    const foreign = await refs(1003);
    const before = await fingerprint(t.db, ['step_log']);
    const cases: [string, object][] = [
      ['CustNo', { CustNo: 1003 }],
      ['OrderId', { OrderId: foreign.orderId }],
      ['OrderItemId', { OrderItemId: foreign.orderItemId }],
      ['OrderItemId', { OrderId: own.orderId, OrderItemId: foreign.orderItemId }],
      ['Call_id', { Call_id: foreign.callId }],
      ['Call_id', { Call_id: 999_999 }],
    ];
    for (const [field, refsOf] of cases) {
      const response = await request(t, franchise, 'POST', URL, { stepId: 4, SQLDBID: 18001, ...refsOf });
      expect(response.statusCode, JSON.stringify(refsOf)).toBe(400);
      expect(response.json().message).toBe(`${field}: is not one of franchise 18001's in your scope`);
    }
    // Of the right franchise but another SQLDBID named: the call is 18001's, not 18002's.
    const other = await request(t, admin, 'POST', URL, { stepId: 4, SQLDBID: 18002, Call_id: own.callId });
    expect(other.json().message).toBe("Call_id: is not one of franchise 18002's in your scope");
    expect(await fingerprint(t.db, ['step_log'])).toBe(before);
    // The administrator sees every branch: the same foreign references are the admin's to log.
    const adminLog = await request(t, admin, 'POST', URL, { stepId: 4, SQLDBID: 18001, ...foreign, CustNo: 1003 });
    expect(adminLog.statusCode).toBe(200);
  });

  it('401; 404 for a franchise outside the scope; 400 for bad input — nothing written', async () => {
    const before = await fingerprint(t.db, ['step_log']);
    expect((await request(t, undefined, 'POST', URL, { stepId: 1, SQLDBID: 18001 })).statusCode).toBe(401);
    expect((await request(t, franchise, 'POST', URL, { stepId: 1, SQLDBID: 18002 })).statusCode).toBe(404);
    const noStep = await request(t, franchise, 'POST', URL, { SQLDBID: 18001 });
    expect(noStep.statusCode).toBe(400);
    expect(noStep.json().message).toContain('stepId: ');
    const long = await request(t, franchise, 'POST', URL, {
      stepId: 1,
      SQLDBID: 18001,
      ParametersData: 'x'.repeat(20_001),
    });
    expect(long.json().message).toBe('ParametersData: must be at most 20000 characters');
    expect(await fingerprint(t.db, ['step_log'])).toBe(before);
  });
});
