/**
 * The end-call command's plan and the records its steps write, as pure functions of the request and a quote the
 * real pricing engine makes. That the records reach the tables, in one transaction, is proved through the route
 * (command.test.ts and the other end-call tests).
 */
import { describe, expect, it } from 'vitest';
import { EndCallRequest } from '@cc/contract';
import { quote as priceQuote, type PricingData } from '@cc/domain';
import type { EndCallInput } from './command-steps.js';
import {
  callHistoryRecordOf,
  callOrderOf,
  callServicesOf,
  callTypeOf,
  checkEndCall,
  endCallAnswerOf,
  orderCouponOf,
  orderLinesOf,
  orderTotalsOf,
  planEndCall,
  pricedLawnSize,
  snapshotOf,
  type EndCallFacts,
} from './end-call-plan.js';
import { PROSPECT_LAWN_SIZE, type Place } from './shared.js';

const DATA: PricingData = {
  franchise: { TaxRate: 10, CallDiscount: 0, PrePayDiscount: 0, FirstAppTime: '03-15' },
  lawnPrograms: [{ Id: 1, ServiceDefId: 101, ServiceName: 'Preferred Program', FinalPrice: 4500, TotalRounds: 6 }],
  pestPrograms: [],
  additionalServices: [{ Id: 11, ServiceDefId: 201, ServiceName: 'Grub Control', FinalPrice: 8900 }],
  offers: [],
  coupons: [{ CouponCode: 'SAVE20', CouponTypeID: 1, ServiceId: null, Value: 2000, Description: '$20 off' }],
};

const soldQuote = () =>
  priceQuote({
    data: DATA,
    selections: { lawnProgramId: 1, additionalServiceIds: [11], couponCode: 'SAVE20' },
    customer: { isExisting: false },
    date: '2026-03-01',
  });

const request = (over: Partial<EndCallRequest> = {}): EndCallInput =>
  EndCallRequest.parse({
    idempotencyKey: '7d1f6a52-0d0b-4a8e-9d3e-0d6f1c2b3a4e',
    sqldbid: 1,
    customerNo: 0,
    callType: 'Inbound',
    result: 'Sale',
    sendEmail: true,
    ...over,
  });

const PROSPECT_PLACE: Place = { branchNo: '0101', timeZone: 'America/Chicago' };

function facts(input: EndCallInput, over: Partial<EndCallFacts> = {}): EndCallFacts {
  return {
    type: callTypeOf(input),
    place: PROSPECT_PLACE,
    snapshot: snapshotOf(input),
    quote: null,
    survey: null,
    ...over,
  };
}

const NOW = new Date('2026-06-15T15:00:00Z');

describe('step 1: the call type and the customer', () => {
  it('refuses an unknown type, an outbound type without its row and an inbound call with one, naming the field', () => {
    expect(() => callTypeOf({ callType: 'Nope' })).toThrow(/unknown call type Nope/);
    expect(() => callTypeOf({ callType: 'Cancel' })).toThrow(/outboundId/);
    expect(() => callTypeOf({ callType: 'Inbound', outboundId: 4 })).toThrow(/outboundId/);
    expect(callTypeOf({ callType: 'Cancel', outboundId: 4 }).CallTypeName).toBe('Cancel');
  });

  it('keeps the screen’s customer only for a prospect or an unknown customer, and prices a prospect at its default', () => {
    const customer = { lawnSize: 0.3, email: ' a@b.example ' };
    expect(snapshotOf({ customerNo: 0, customer })).toEqual(customer);
    expect(snapshotOf({ customerNo: 12, customer })).toBeUndefined();
    expect(pricedLawnSize(PROSPECT_PLACE, undefined)).toBe(PROSPECT_LAWN_SIZE);
    expect(pricedLawnSize(PROSPECT_PLACE, customer)).toBe(0.3);
  });

  it('refuses a result its call type does not allow', () => {
    const input = request({ result: 'Wrong Number' });
    expect(() => checkEndCall(input, facts(input))).toThrow(/result/);
  });
});

describe('the plan', () => {
  it('a sale of a priced call makes a submitted order, with the coupon and the priced receipt', () => {
    const input = request({ customer: { email: 'a@b.example' } });
    const quote = soldQuote();
    const plan = planEndCall(input, facts(input, { quote }), NOW);
    expect(plan).toMatchObject({ sale: true, makesOrder: true, sendEmail: true, customerEmail: 'a@b.example' });
    expect(plan.couponApplied?.code).toBe('SAVE20');
    expect(plan.receipt).not.toBe('Result: Sale');
  });

  it('a call nobody answered sends no email and, unpriced, keeps only its result as the receipt', () => {
    const input = request({ callType: 'Cancel', outboundId: 4, result: 'No Answer' });
    const plan = planEndCall(input, facts(input), NOW);
    expect(plan).toMatchObject({ sale: false, makesOrder: false, sendEmail: false, receipt: 'Result: No Answer' });
  });
});

describe('the records the steps write', () => {
  it('step 2: a prospect’s unpriced call history', () => {
    const input = request({ result: 'Information Only', callStart: '2026-06-15 10:00', notes: 'called back' });
    const record = callHistoryRecordOf(input, planEndCall(input, facts(input), NOW));
    expect(record).toMatchObject({
      call_type: 'Inbound',
      call_result: 'Information Only',
      call_start: '2026-06-15 10:00:00',
      cust_type: 'Prospect',
      lawnsize: PROSPECT_LAWN_SIZE,
      coupon_used: 'None',
      offerId: 0,
      csr_notes: 'called back',
    });
    expect(record).not.toHaveProperty('package');
  });

  it('step 2: a priced call history carries the program, the totals in dollars and the coupon', () => {
    const input = request();
    const quote = soldQuote();
    const record = callHistoryRecordOf(input, planEndCall(input, facts(input, { quote }), NOW));
    expect(record).toMatchObject({
      package: 'Preferred Program',
      coupon: 'SAVE20',
      totalcost: quote.totals.saleTotal / 100,
      taxrate: 10,
    });
  });

  it('steps 3 and 4: services, order, lines, totals and the coupon as the discount, all in dollars', () => {
    const input = request();
    const quote = soldQuote();
    const plan = planEndCall(input, facts(input, { quote }), NOW);
    const services = callServicesOf(9, quote, plan.couponApplied);
    expect(services.LawnProgram).toMatchObject({ ServiceDefId: 101, TotalRounds: quote.lines[0]?.quantity });
    expect(services.AdditionalServices.map((s) => s.ServiceDefId)).toEqual([201]);
    expect(services.Coupon).toEqual({ CouponCode: 'SAVE20', Value: 20 });

    const order = callOrderOf(input, plan, quote, 9);
    expect(order).toMatchObject({
      customerNo: 0,
      branchNo: '0101',
      callId: 9,
      orderStatus: 'SUBMITTED',
      title: 'Preferred Program, Grub Control',
    });
    expect(order.total).toBe(quote.totals.saleTotal / 100);
    expect(orderLinesOf(quote).map((l) => l.serviceDefId)).toEqual([101, 201]);
    expect(orderTotalsOf(plan, quote)).toMatchObject({ total: order.total, isAutopay: false });
    expect(orderCouponOf(plan, quote)).toMatchObject({ code: 'SAVE20', amount: 20 });

    expect(
      endCallAnswerOf(plan, { callId: 9, orderId: 3, surveyId: -1 }, { emailQueued: true, thpEmailQueued: false }),
    ).toEqual({
      callId: 9,
      orderId: 3,
      surveyId: -1,
      orderStatus: 'SUBMITTED',
      callStatus: plan.status,
      emailQueued: true,
      thpEmailQueued: false,
      receipt: plan.receipt,
      repeated: false,
    });
  });
});
