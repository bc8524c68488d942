/**
 * POST /api/call-center/end-call for a new prospect (customer number 0) on an inbound call, and price edits by a user
 * who may not edit prices (call-handling.md §4, §5): what each writes, and the 400 that writes nothing. Every other
 * result of every call type: end-call-results.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EndCallResponse, PricingResponse } from '@cc/contract';
import { Permission } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { setPermission } from '../../test/permissions.js';
import {
  count,
  END_CALL_TABLES,
  endHeldCall,
  fingerprint,
  firstRow,
  outboundCountsOf,
  postEndCall,
  priceListIds,
} from './test-support.js';

let t: TestApp;
let franchise: string;
let cof: string;
let ids: { preferred: number; aeration: number };

const THORNBURY = { sqldbid: 18001, customerNo: 1001 };

/** End a call as the screen does: holding the customer's call (opened on the call screen), then ending it. */
const end = (token: string, body: Parameters<typeof endHeldCall>[2]) => endHeldCall(t, token, body);
const one = <T>(query: ReturnType<typeof sql>) => firstRow<T>(t.db, query);
const outboundCounts = () => outboundCountsOf(t, franchise);

beforeAll(async () => {
  t = await createTestApp();
  [franchise, cof] = await Promise.all([t.signin('csr.franchise'), t.signin('csr.cof')]);
  ids = await priceListIds(t, franchise, THORNBURY);
});
afterAll(async () => {
  await t.close();
});

describe('a new prospect (customer number 0) on an inbound call', () => {
  const PROSPECT = { sqldbid: 18001, customerNo: 0 };
  const prospectEnd = (result: string, priced: boolean) =>
    end(franchise, {
      idempotencyKey: randomUUID(),
      ...PROSPECT,
      callType: 'Inbound',
      result,
      pricing: priced
        ? {
            serviceYear: 2026,
            selections: { lawnProgramId: ids.preferred, additionalServiceIds: [ids.aeration], couponCode: 'save20' },
          }
        : null,
    });

  it('a Sale: a submitted LCP order for customer 0, and the confirmation to the office (no customer address)', async () => {
    const before = await outboundCounts();
    const response = await prospectEnd('Sale', true);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer).toMatchObject({ orderStatus: 'SUBMITTED', callStatus: null, surveyId: -1, emailQueued: true });
    expect(
      await one(sql`select call_direction, cust_no, cust_type, coupon_used, order_id from call_history
        where call_id = ${answer.callId}`),
    ).toEqual({
      call_direction: 'Incoming',
      cust_no: 0,
      cust_type: 'Prospect',
      coupon_used: '$20.00',
      order_id: answer.orderId,
    });
    expect(
      await one(sql`select customer_no, order_type, order_status,
        (select count(*)::int from order_items i where i.order_id = o.order_id) as items
        from orders o where order_id = ${answer.orderId}`),
    ).toEqual({ customer_no: 0, order_type: 'LCP', order_status: 'SUBMITTED', items: 2 });
    const mail = rowsOf<{ kind: string; to: string; cc: string }>(
      await t.db.execute(sql`select kind, to_addresses as to, cc_addresses as cc from email_outbox
        where call_id = ${answer.callId}`),
    );
    expect(mail.map((m) => m.kind)).toEqual(['end-call']);
    expect(mail[0]?.to).toContain('office@greenmeadowslawncare.example');
    expect(await outboundCounts()).toEqual(before);
  });

  it('Interested Prospect - THP: the THP email is queued, no order without pricing', async () => {
    const response = await prospectEnd('Interested Prospect - THP', false);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer).toMatchObject({ orderId: null, thpEmailQueued: true, emailQueued: true });
    expect(await count(t.db, 'email_outbox', `call_id = ${answer.callId} and kind = 'thp'`)).toBe(1);
  });

  // call-handling.md §4: "Interested results raise the inbound follow-up count by one" — a new prospect too: the
  // follow-up row carries what the call knew of them (customer number 0, decision 010).
  it('Interested Prospect: the inbound follow-up count rises by one (spec §4), as for a customer', async () => {
    const before = await outboundCounts();
    const response = await prospectEnd('Interested Prospect', false);
    expect(response.statusCode, response.body).toBe(200);
    expect(await outboundCounts()).toEqual({ ...before, InboundFollowUp: (before.InboundFollowUp ?? 0) + 1 });
  });

  it('the on-screen customer of a prospect: priced at its lawn size, kept on the call and as its info edit, emailed, named on the follow-up', async () => {
    const key = randomUUID();
    const request = {
      idempotencyKey: key,
      ...PROSPECT,
      callType: 'Inbound',
      result: 'Interested Prospect',
      customer: {
        firstName: 'Nadia',
        lastName: 'Prospectova',
        email: 'nadia@example.com',
        streetNo: '12',
        streetNm: 'Elm',
        suffix: 'St',
        city: 'Naperville',
        state: 'il',
        zip: '60540',
        homePhone: '(630) 555-0199',
        lawnSize: 9.5,
      },
      pricing: { serviceYear: 2026, selections: { lawnProgramId: ids.preferred, additionalServiceIds: [] } },
    };
    const small = await end(franchise, { ...request, idempotencyKey: randomUUID(), customer: undefined });
    expect(small.statusCode, small.body).toBe(200);
    const response = await end(franchise, request);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    const call = await one<
      Record<string, string>
    >(sql`select cust_email, zipcode, lawnsize::text as lawnsize, customer->>'lastName' as last_name,
      customer->>'address' as address, appcost::text as appcost from call_history where call_id = ${answer.callId}`);
    expect(call).toMatchObject({
      cust_email: 'nadia@example.com',
      zipcode: '60540',
      lawnsize: '9.50',
      last_name: 'Prospectova',
      address: '12 Elm St',
    });
    // A bigger lawn (9,500 sq ft, the 8–12 bracket) costs more than the prospect default of 0.17.
    const smallCall = await one<{ appcost: string }>(
      sql`select appcost::text as appcost from call_history where call_id = ${small.json<EndCallResponse>().callId}`,
    );
    expect(Number(call?.appcost)).toBeGreaterThan(Number(smallCall?.appcost));
    expect(await count(t.db, 'customer_info_edits', `call_history_id = ${answer.callId} and customer_no = 0`)).toBe(1);
    const mail = await one<{ to_addresses: string }>(
      sql`select to_addresses from email_outbox where call_id = ${answer.callId} and kind = 'end-call'`,
    );
    expect(mail?.to_addresses).toBe('nadia@example.com');
    const followUp = await one(sql`select first_name, last_name, phone, zip, cust_no from outbound_calls
      where type = 'InboundFollowUp' and last_name = 'Prospectova'`);
    expect(followUp).toMatchObject({ first_name: 'Nadia', last_name: 'Prospectova', phone: '6305550199', cust_no: 0 });
    // A repeat records nothing more.
    const repeat = await end(franchise, request);
    expect(repeat.json<EndCallResponse>().repeated).toBe(true);
    expect(await count(t.db, 'customer_info_edits', `call_history_id = ${answer.callId}`)).toBe(1);
  });
});

describe('price edits by a user who may not edit prices (call-handling.md §5): a 400 naming the field, nothing written', () => {
  const TABLES = [...END_CALL_TABLES];
  const body = (edits: object) => ({
    idempotencyKey: randomUUID(),
    ...THORNBURY,
    callType: 'Inbound',
    result: 'Sale',
    pricing: {
      serviceYear: 2026,
      selections: { lawnProgramId: ids.preferred, additionalServiceIds: [ids.aeration] },
      edits,
    },
  });

  it.each([
    ['edits.lawnPrice', { lawnPrice: 100 }],
    ['edits.roundCount', { roundCount: 1 }],
    ['edits.callDiscountPercent', { callDiscountPercent: 50 }],
    ['edits.prepayPercent', { prepayPercent: 50 }],
  ])('csr.franchise sending %s', async (field, edits) => {
    const before = await fingerprint(t.db, TABLES);
    // Refused before the call's lock is read: sent alone, so that nothing at all changes.
    const response = await postEndCall(t, franchise, body(edits));
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<{ errors: Record<string, string>; message: string; step?: string }>();
    expect(Object.keys(answer.errors)).toEqual([field]);
    expect(answer.errors[field]).toMatch(/company-owned users, administrators and leads call-centre managers/);
    expect(answer.message).toContain(field);
    expect(answer.step).toBeUndefined();
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('CallCenter.EditPricing taken away: csr.cof, within the rule, is refused the same way and nothing is written', async () => {
    const admin = await t.signin('admin');
    await setPermission(t, admin, 'csr.cof', Permission.EditPricing, 'false');
    const before = await fingerprint(t.db, TABLES);
    const response = await postEndCall(t, cof, { ...body({ lawnPrice: 100 }), sqldbid: 17501, customerNo: 1005 });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string> }>().errors)).toEqual(['edits.lawnPrice']);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    await setPermission(t, admin, 'csr.cof', Permission.EditPricing, 'true');
  });

  it('the same edit from csr.cof (who may edit prices) is priced and ends the call', async () => {
    // csr.cof's scope is the company-owned branches: a customer of SLI010 (SQLDBID 17501).
    const customer = await one<{ customer_no: number }>(
      sql`select customer_no from customers where sqldbid = 17501 order by customer_no limit 1`,
    );
    if (!customer) throw new Error('no customer in 17501');
    const pricing = await t.call(cof, {
      method: 'POST',
      url: '/api/customer/pricing',
      payload: { sqldbid: 17501, customerNo: customer.customer_no, zip: '60540', size: 8.5, pricingYear: 2026 },
    });
    expect(pricing.statusCode, pricing.body).toBe(200);
    const lawn = pricing.json<PricingResponse>().lawnPrograms.find((p) => p.ServiceName === 'Preferred Program');
    if (!lawn) throw new Error('SLI010 sells no Preferred Program');
    const response = await end(cof, {
      idempotencyKey: randomUUID(),
      sqldbid: 17501,
      customerNo: customer.customer_no,
      callType: 'Inbound',
      result: 'Sale',
      pricing: {
        serviceYear: 2026,
        selections: { lawnProgramId: lawn.Id, additionalServiceIds: [] },
        flags: { prepay: false, callDiscount: false },
        edits: { lawnPrice: 100 },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    // $1.00 a round: the order's unit price is the edited one.
    expect(
      await one(sql`select unit_price::text as unit_price from order_items where order_id = ${answer.orderId}`),
    ).toEqual({ unit_price: '1.00' });
  });
});
