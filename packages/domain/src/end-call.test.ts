import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALL_RESULTS, CALL_TYPES, CALLBACK_RESULTS } from './calls.js';
import { ZERO_SALE_MESSAGE, formatMoney } from './pricing/index.js';
import {
  callDirectionOf,
  callStatusAtEnd,
  endCallProblem,
  listEffectsOf,
  orderStatusOf,
  orderTypeOf,
  receiptText,
  sendsEndCallEmail,
  sendsThpEmail,
  type EndCallCheck,
} from './end-call.js';

const ok: EndCallCheck = {
  callType: 'Inbound',
  result: 'Information Only',
  allowedResults: CALL_RESULTS.Inbound,
  callbackAt: null,
  serviceCallReason: null,
  missingSurveyAnswers: 0,
  saleSubtotals: null,
};
const sale = { applications: 0, additionalServices: 0, initialPayment: 0, monthly: 0 };

describe('call status at end (§4)', () => {
  it('an inbound call gets no status, whatever the result', () => {
    for (const result of CALL_RESULTS.Inbound) expect(callStatusAtEnd('Inbound', result)).toBeNull();
  });
  it('an outbound callback result gets Callback; any other outbound result End', () => {
    for (const t of CALL_TYPES.filter((t) => t.outbound)) {
      for (const result of CALL_RESULTS[t.CallTypeName]) {
        const expected = (CALLBACK_RESULTS as readonly string[]).includes(result) ? 'Callback' : 'End';
        expect(callStatusAtEnd(t.CallTypeName, result), `${t.CallTypeName} ${result}`).toBe(expected);
      }
    }
  });
  it('direction: Incoming for inbound, Outgoing otherwise', () => {
    expect(callDirectionOf('Inbound')).toBe('Incoming');
    expect(callDirectionOf('Cancel')).toBe('Outgoing');
    expect(callDirectionOf('WebLead')).toBe('Outgoing');
  });
});

describe('list effects (§4)', () => {
  it.each(['Interested Prospect - THP', 'Interested Prospect', 'Estimate Requested'])(
    'a web-lead call ending %j deletes the web lead',
    (result) => expect(listEffectsOf('WebLead', result).deleteWebLead).toBe(true),
  );
  it('other web-lead results and other call types keep the web lead', () => {
    expect(listEffectsOf('WebLead', 'Not Interested').deleteWebLead).toBe(false);
    expect(listEffectsOf('InboundFollowUp', 'Interested Prospect').deleteWebLead).toBe(false);
  });
  it('interested results add an inbound follow-up, except on a follow-up call itself', () => {
    expect(listEffectsOf('Inbound', 'Interested Prospect').addInboundFollowUp).toBe(true);
    expect(listEffectsOf('WebLead', 'Interested Prospect - THP').addInboundFollowUp).toBe(true);
    expect(listEffectsOf('CommercialLead', 'Interested Prospect').addInboundFollowUp).toBe(true);
    expect(listEffectsOf('InboundFollowUp', 'Interested Prospect').addInboundFollowUp).toBe(false);
    expect(listEffectsOf('Inbound', 'Sale').addInboundFollowUp).toBe(false);
  });
  it('every outbound call that ends (status End) leaves its list; callbacks stay; inbound calls have no row', () => {
    expect(listEffectsOf('WebLead', 'Sale').completeRow).toBe(true);
    expect(listEffectsOf('SkippedRounds', 'Rounds Rescheduled').completeRow).toBe(true);
    expect(listEffectsOf('Cancel', 'Sale').completeRow).toBe(true);
    expect(listEffectsOf('Upsell', 'Not Interested').completeRow).toBe(true);
    expect(listEffectsOf('SkippedRounds', 'Call Back').completeRow).toBe(false);
    expect(listEffectsOf('WebLead', 'No Answer').completeRow).toBe(false);
    expect(listEffectsOf('PropertyEval', 'Call Back').completeRow).toBe(false);
    expect(listEffectsOf('Cancel', 'Left Voicemail').completeRow).toBe(false);
    expect(listEffectsOf('Inbound', 'Sale').completeRow).toBe(false);
  });
});

describe('order status and type (§4)', () => {
  it('Sale and Upsell submit; anything else is a pending quote', () => {
    expect(orderStatusOf('Sale')).toBe('SUBMITTED');
    expect(orderStatusOf('Upsell')).toBe('SUBMITTED');
    expect(orderStatusOf('Estimate Requested')).toBe('PENDING');
  });
  it('LCP for a sale with a lawn program, UPSELL without, NORMAL for no sale', () => {
    expect(orderTypeOf('Sale', true)).toBe('LCP');
    expect(orderTypeOf('Upsell', false)).toBe('UPSELL');
    expect(orderTypeOf('Interested Prospect', true)).toBe('NORMAL');
  });
});

describe('THP email', () => {
  it('goes for the THP result or survey answer 105 = Yes', () => {
    expect(sendsThpEmail('Interested Prospect - THP', {})).toBe(true);
    expect(sendsThpEmail('Sale', { 105: 'Yes' })).toBe(true);
    expect(sendsThpEmail('Sale', { 105: 'No' })).toBe(false);
    expect(sendsThpEmail('Interested Prospect', { 101: 'Yes' })).toBe(false);
  });
});

describe('end-call email', () => {
  it('goes unless nobody was spoken to (No Answer, Left Voicemail, Wrong Number)', () => {
    for (const result of ['No Answer', 'Left Voicemail', 'Wrong Number']) expect(sendsEndCallEmail(result)).toBe(false);
    for (const result of ['Sale', 'Call Back', 'Not Interested', 'Do Not Call', 'Estimate Requested', 'Moved']) {
      expect(sendsEndCallEmail(result)).toBe(true);
    }
  });
});

describe('end-call validation (§5)', () => {
  it('a valid call passes', () => expect(endCallProblem(ok)).toBeNull());
  it('needs a result of this call type', () => {
    expect(endCallProblem({ ...ok, result: null })?.field).toBe('result');
    expect(endCallProblem({ ...ok, result: 'Moved' })?.field).toBe('result');
  });
  it('an outbound callback needs its time; an inbound one does not', () => {
    const outbound = { ...ok, callType: 'Cancel', allowedResults: CALL_RESULTS.Cancel, result: 'Call Back' };
    expect(endCallProblem(outbound)?.field).toBe('callbackAt');
    expect(endCallProblem({ ...outbound, callbackAt: '2026-11-23 10:00:00' })).toBeNull();
  });
  it('a service call needs its reason', () => {
    expect(endCallProblem({ ...ok, result: 'Service Call' })?.field).toBe('serviceCallReason');
    expect(endCallProblem({ ...ok, result: 'Service Call', serviceCallReason: 'Waiting' })).toBeNull();
  });
  it('missing required survey answers stop the call', () => {
    expect(endCallProblem({ ...ok, missingSurveyAnswers: 1 })).toEqual({
      field: 'survey',
      message: 'Please provide the answer to all the required fields.',
    });
  });
  it('a $0 sale is refused with the spec text; any non-zero subtotal passes', () => {
    expect(endCallProblem({ ...ok, result: 'Sale', saleSubtotals: sale })).toEqual({
      field: 'pricing',
      message: ZERO_SALE_MESSAGE,
    });
    expect(endCallProblem({ ...ok, result: 'Sale', saleSubtotals: null })?.message).toBe(ZERO_SALE_MESSAGE);
    expect(endCallProblem({ ...ok, result: 'Sale', saleSubtotals: { ...sale, monthly: 4500 } })).toBeNull();
    expect(endCallProblem({ ...ok, result: 'Interested Prospect', saleSubtotals: sale })).toBeNull();
  });
  it('never throws and names a field whenever it refuses', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALL_TYPES.map((t) => t.CallTypeName)),
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.nat(3),
        (callType, result, callbackAt, missing) => {
          const problem = endCallProblem({
            ...ok,
            callType,
            allowedResults: CALL_RESULTS[callType],
            result,
            callbackAt,
            missingSurveyAnswers: missing,
          });
          // A problem, when there is one, names its field.
          expect(problem === null || problem === undefined || problem.field.length > 0).toBe(true);
        },
      ),
    );
  });
});

describe('receiptText', () => {
  const quote = (taxRate: number) => ({
    lines: [],
    totals: {
      saleSubTotal: 10000,
      saleSalesTax: 725,
      saleTotal: 10725,
      taxRate,
      couponDiscount: 0,
      offerDiscount: 0,
      dueMonthlyTotal: 0,
    },
    flags: { prepay: false, callDiscount: false, monthlyPayment: false },
  });

  it('shows the tax rate as the screen does: a percent with two decimals', () => {
    const text = (rate: number) => receiptText(quote(rate), { result: 'Sale', money: formatMoney });
    expect(text(7.25)).toContain('Sales tax (7.25%): $7.25');
    expect(text(7)).toContain('Sales tax (7.00%)');
    expect(text(8.875)).toContain('Sales tax (8.88%)');
  });
});
