import { describe, expect, it } from 'vitest';
import { END_CALL_STEP_TOASTS, END_CALL_STEPS, EndCallRequest, type Customer, type EndCallStep } from '@cc/contract';
import { END_CALL_ERROR_TITLE, ZERO_SALE_MESSAGE } from '@cc/domain';
import {
  buildEndCallRequest,
  callTimeOf,
  endCallCheckOf,
  endCallFailureView,
  endCallProblemView,
  endCallSummaryOf,
  endedMessage,
  keepsAttemptKey,
  newAttemptKey,
  stepToast,
  type EndCallRequestArgs,
} from './end-call';
import type { CallDraft } from './model';

const KEY = '7d0b5f0e-9c1a-4b8e-a6f1-2f3c4d5e6f70';
const EMPTY: CallDraft = {
  result: null,
  followUp: 'None',
  callbackAt: null,
  serviceCallReason: null,
  notes: '',
  survey: {},
  pricing: { serviceYear: null, selections: { additionalServiceIds: [] }, flags: {}, edits: {} },
};
const draft = (change: Partial<CallDraft> = {}): CallDraft => ({ ...EMPTY, ...change });
const withLawn = (change: Partial<CallDraft> = {}) =>
  draft({
    result: 'Sale',
    pricing: {
      serviceYear: null,
      selections: { lawnProgramId: 3, additionalServiceIds: [11, 12], couponCode: 'SAVE20' },
      flags: { prepay: false },
      edits: { lawnPrice: 5000 },
    },
    ...change,
  });
const args = (change: Partial<EndCallRequestArgs> = {}): EndCallRequestArgs => ({
  idempotencyKey: KEY,
  sqldbid: 18001,
  customerNo: 1001,
  callType: 'Inbound',
  outboundId: undefined,
  // 2026-07-01 15:04:05 UTC is 10:04:05 in Chicago (daylight time).
  callStart: new Date(Date.UTC(2026, 6, 1, 15, 4, 5)),
  draft: withLawn(),
  customerInfoEditId: null,
  serviceYear: 2027,
  sendEmail: true,
  ...change,
});
const totals = (
  t: Partial<Record<'lawncareTotal' | 'additionalServicesTotal' | 'pestInitialTotal' | 'saleTotal', number>>,
) => ({
  totals: {
    lawncareTotal: 0,
    additionalServicesTotal: 0,
    pestInitialTotal: 0,
    pestMonthlyTotal: 0,
    saleTotal: 0,
    ...t,
  } as never,
});

describe('the end-call request', () => {
  it('carries the call, the draft and the picks as the contract wants them', () => {
    const body = buildEndCallRequest(args({ customerInfoEditId: 44 }));
    expect(body).toEqual({
      idempotencyKey: KEY,
      sqldbid: 18001,
      customerNo: 1001,
      callType: 'Inbound',
      callStart: '2026-07-01 10:04:05',
      result: 'Sale',
      followUp: 'None',
      callbackAt: null,
      serviceCallReason: null,
      notes: '',
      customerInfoEditId: 44,
      pricing: {
        serviceYear: 2027,
        selections: { lawnProgramId: 3, additionalServiceIds: [11, 12], couponCode: 'SAVE20' },
        flags: { prepay: false },
        edits: { lawnPrice: 5000 },
      },
      sendEmail: true,
    });
    expect(EndCallRequest.safeParse(body).success).toBe(true);
  });

  it('sends the on-screen customer of a new prospect (0) or unknown customer (-1), never of a stored one', () => {
    const prospect: Customer = {
      sqldbid: 18001,
      customerNo: 0,
      customerType: 'Prospect',
      status: 'Prospect',
      email: 'new.caller@example.com',
      firstName: 'Nora',
      lastName: 'Caller',
      streetNo: '12',
      preDir: '',
      streetNm: 'Elm',
      suffix: 'St',
      postDir: '',
      address: '12 Elm St',
      city: 'Aurora',
      state: 'IL',
      zip: 'N/A',
      lawnSize: 0.17,
      homePhone: '(630) 555-0199',
      workPhone: '',
      cellPhone: '',
      branchno: 'SG101',
      customerInfoEditId: null,
      latitude: null,
      longitude: null,
      isAutoPayEnabled: false,
      version: 0,
    };
    const snapshot = {
      customerType: 'Prospect',
      email: 'new.caller@example.com',
      firstName: 'Nora',
      lastName: 'Caller',
      streetNo: '12',
      preDir: '',
      streetNm: 'Elm',
      suffix: 'St',
      postDir: '',
      city: 'Aurora',
      state: 'IL',
      zip: '',
      lawnSize: 0.17,
      homePhone: '(630) 555-0199',
      workPhone: '',
      cellPhone: '',
    };
    for (const customerNo of [0, -1]) {
      const body = buildEndCallRequest(args({ customerNo, customer: { ...prospect, customerNo } }));
      expect(body.customer).toEqual(snapshot);
      expect(EndCallRequest.safeParse(body).success).toBe(true);
    }
    const stored = buildEndCallRequest(args({ customer: { ...prospect, customerNo: 1001 } }));
    expect(stored).not.toHaveProperty('customer');
    // The contract refuses a snapshot of a stored customer, naming the field.
    const refused = EndCallRequest.safeParse({ ...stored, customer: snapshot });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['customer']);
  });

  it('sends the outbound id of an outbound call and the callback time of a callback result', () => {
    const body = buildEndCallRequest(
      args({
        callType: 'WebLead',
        outboundId: 9001,
        draft: draft({ result: 'Call Back', callbackAt: '2027-03-02 09:30:00', notes: 'call after 9' }),
        serviceYear: null,
      }),
    );
    expect(body).toMatchObject({ outboundId: 9001, callbackAt: '2027-03-02 09:30:00', notes: 'call after 9' });
    expect(body.pricing).toBeNull();
    expect(EndCallRequest.safeParse(body).success).toBe(true);
  });

  it('leaves out a callback time the result does not use, and a reason without a Service Call', () => {
    const inbound = buildEndCallRequest(
      args({ draft: draft({ result: 'Call Back', callbackAt: '2027-03-02 09:30:00' }) }),
    );
    expect(inbound.callbackAt).toBeNull();
    const outboundEnd = buildEndCallRequest(
      args({ callType: 'Cancel', draft: draft({ result: 'Not Interested', callbackAt: '2027-03-02 09:30:00' }) }),
    );
    expect(outboundEnd.callbackAt).toBeNull();
    expect(
      buildEndCallRequest(args({ draft: draft({ result: 'Service Call', serviceCallReason: 'Grubs' }) }))
        .serviceCallReason,
    ).toBe('Grubs');
    expect(
      buildEndCallRequest(args({ draft: draft({ result: 'Information Only', serviceCallReason: 'Grubs' }) }))
        .serviceCallReason,
    ).toBeNull();
  });

  it('sends a taken survey by question id, trimmed and without empty answers; none when not taken', () => {
    const taken = buildEndCallRequest(
      args({ draft: withLawn({ survey: { 101: ' Lawn sign ', 102: '', 105: 'Yes' } }) }),
    );
    expect(taken.survey).toEqual({ '101': 'Lawn sign', '105': 'Yes' });
    expect(EndCallRequest.safeParse(taken).success).toBe(true);
    expect(buildEndCallRequest(args({ draft: withLawn({ survey: { 101: '  ' } }) }))).not.toHaveProperty('survey');
  });

  it('keeps the choice not to send the email, and the unknown customer -1', () => {
    const body = buildEndCallRequest(args({ customerNo: -1, sendEmail: false }));
    expect(body).toMatchObject({ customerNo: -1, sendEmail: false });
    expect(EndCallRequest.safeParse(body).success).toBe(true);
  });

  it('does not share the draft arrays with the screen', () => {
    const d = withLawn();
    const body = buildEndCallRequest(args({ draft: d }));
    expect(body.pricing?.selections?.additionalServiceIds).not.toBe(d.pricing.selections.additionalServiceIds);
  });
});

describe('call times and attempt keys', () => {
  it('formats call times as America/Chicago wall time', () => {
    expect(callTimeOf(new Date(Date.UTC(2026, 0, 15, 6, 0, 9)))).toBe('2026-01-15 00:00:09');
    expect(callTimeOf(new Date(Date.UTC(2026, 0, 15, 5, 59, 59)))).toBe('2026-01-14 23:59:59');
  });

  it('makes a UUID with crypto.randomUUID, or from random bytes where only those exist (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newAttemptKey()).toMatch(uuid);
    const bytesOnly = { getRandomValues: (a: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(a) };
    const keys = new Set(Array.from({ length: 50 }, () => newAttemptKey(bytesOnly)));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(uuid);
  });
});

describe('client validation', () => {
  const check = (d: CallDraft, callType = 'Inbound', quote: ReturnType<typeof totals> | null = null) =>
    endCallProblemView(
      endCallCheckOf({
        callType,
        draft: d,
        allowedResults: ['Sale', 'Call Back', 'Service Call', 'Information Only'],
        quote,
      }),
    );

  it('refuses a $0 sale with the spec message in the Error ending call dialog', () => {
    expect(check(draft({ result: 'Sale' }))).toEqual({
      kind: 'dialog',
      title: END_CALL_ERROR_TITLE,
      message: ZERO_SALE_MESSAGE,
    });
    expect(check(draft({ result: 'Sale' }), 'Inbound', totals({}))).toMatchObject({ message: ZERO_SALE_MESSAGE });
    expect(check(draft({ result: 'Sale' }), 'Inbound', totals({ additionalServicesTotal: 4500 }))).toBeNull();
  });

  it('asks for the callback time of an outbound callback and the reason of a service call', () => {
    expect(check(draft({ result: 'Call Back' }), 'WebLead')).toMatchObject({
      kind: 'dialog',
      message: expect.stringMatching(/callback/i),
    });
    expect(check(draft({ result: 'Call Back', callbackAt: '2027-03-02 09:30:00' }), 'WebLead')).toBeNull();
    expect(check(draft({ result: 'Service Call' }))).toMatchObject({
      kind: 'dialog',
      message: expect.stringMatching(/reason/i),
    });
    expect(check(draft({ result: 'Not Interested' }))).toMatchObject({ kind: 'dialog' });
  });

  it('shows the survey alert when a taken survey misses a required answer; an untouched survey is not checked', () => {
    expect(check(draft({ result: 'Information Only', survey: { 102: 'Yes' } }))).toEqual({ kind: 'survey' });
    expect(check(draft({ result: 'Information Only', survey: { 101: 'Lawn sign', 102: 'Yes' } }))).toBeNull();
    expect(check(draft({ result: 'Information Only' }))).toBeNull();
  });
});

describe('failures: the step toast or the dialog', () => {
  it('maps every failing step to its catalogue text followed by the server message', () => {
    const expected: Record<Exclude<EndCallStep, 'validate'>, string> = {
      callHistory: 'ERRROR Inserting Call History Record: boom',
      createOrder: 'ERROR Create Order Process: boom',
      orderSource: 'ERROR Patch Order Source: boom',
      orderItem: 'ERROR Create Order Item: boom',
      updateOrder: 'ERROR Update Order Process: boom',
      orderDiscount: 'ERROR Create Order Discount: boom',
      survey: 'ERROR Update Survey Questions Process: boom',
      updateCallHistory: 'ERROR Update Call History: boom',
      email: 'ERRROR Sending End Call Email: boom',
    };
    for (const step of END_CALL_STEPS.filter((s) => s !== 'validate')) {
      expect(stepToast(step, 'boom')).toBe(expected[step]);
      expect(END_CALL_STEP_TOASTS[step]).toBeDefined();
      expect(endCallFailureView({ status: 500, message: 'boom', step })).toEqual({
        kind: 'toast',
        step,
        message: expected[step],
      });
    }
  });

  it('a step failure answered with 400 is still the step toast', () => {
    expect(endCallFailureView({ status: 400, message: 'bad line', step: 'orderItem' })).toMatchObject({
      kind: 'toast',
      message: 'ERROR Create Order Item: bad line',
    });
  });

  it('a validation 400 shows the Error ending call dialog with the field message, or the survey alert', () => {
    expect(
      endCallFailureView({
        status: 400,
        message: `pricing: ${ZERO_SALE_MESSAGE}`,
        errors: { pricing: ZERO_SALE_MESSAGE },
      }),
    ).toEqual({ kind: 'dialog', title: END_CALL_ERROR_TITLE, message: ZERO_SALE_MESSAGE });
    expect(
      endCallFailureView({ status: 400, message: 'a: x; b: y', errors: { a: 'x', b: 'y' }, step: 'validate' }),
    ).toEqual({ kind: 'dialog', title: END_CALL_ERROR_TITLE, message: 'a: x; b: y' });
    expect(
      endCallFailureView({ status: 400, message: 'survey.101: is required', errors: { 'survey.101': 'is required' } }),
    ).toEqual({
      kind: 'survey',
    });
  });

  it('a failure that names no step (server out of reach, a conflict) is the call history toast', () => {
    expect(endCallFailureView({ status: 0, message: 'The server could not be reached.' })).toMatchObject({
      kind: 'toast',
      message: 'ERRROR Inserting Call History Record: The server could not be reached.',
    });
    expect(endCallFailureView({ status: 409, message: 'busy', step: 'nonsense' })).toMatchObject({
      kind: 'toast',
      step: 'callHistory',
    });
  });

  it('keeps the attempt key only when the answer never came', () => {
    expect(keepsAttemptKey({ status: 0 })).toBe(true);
    expect(keepsAttemptKey({ status: 503 })).toBe(true);
    expect(keepsAttemptKey({ status: 500, step: 'createOrder' })).toBe(false);
    expect(keepsAttemptKey({ status: 400 })).toBe(false);
    expect(keepsAttemptKey({ status: 409 })).toBe(false);
  });
});

describe('the confirmation', () => {
  it('names the order when one was created', () => {
    expect(endedMessage({ orderId: null, orderStatus: null })).toBe('Call ended');
    expect(endedMessage({ orderId: 5012, orderStatus: 'SUBMITTED' })).toBe('Call ended. Order 5012 created.');
    expect(endedMessage({ orderId: 5013, orderStatus: 'PENDING' })).toBe('Call ended. Quote 5013 created.');
  });

  it('summarises the result, the order total of a sale and the callback', () => {
    expect(endCallSummaryOf('Inbound', withLawn(), totals({ saleTotal: 12345 }))).toEqual({
      result: 'Sale',
      orderTotal: 12345,
      followUp: 'None',
      callbackAt: null,
    });
    expect(
      endCallSummaryOf('WebLead', draft({ result: 'Call Back', callbackAt: '2027-03-02 09:30:00' }), null),
    ).toEqual({ result: 'Call Back', orderTotal: null, followUp: 'None', callbackAt: '2027-03-02 09:30:00' });
  });
});
