/**
 * The orders service's lines, NDC and coupons, and the call centre's order calls (getOrder, update-source, ndc-code):
 * success, scope, bad input (400, nothing changed), 401. Sessions, orders and who may change them: orders.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import {
  createOrder,
  fingerprint,
  NEW_ORDER as newOrder,
  ORDER,
  ORDER_LINE as line,
  ORDER_TABLES as TABLES,
  ordersFixture,
  openCall,
  request,
} from './test-support.js';

let t: TestApp;
let franchise: string;
let admin: string;
let fs: Record<string, string>;
let as: Record<string, string>;
beforeAll(async () => {
  ({ t, franchise, admin, fs, as } = await ordersFixture());
});
afterAll(async () => {
  await t.close();
});

const create = (token: string, headers: Record<string, string>, body?: object) => createOrder(t, token, headers, body);
/** An order of a customer outside csr.franchise's branches (SG103). */
const outsideOrder = () => create(admin, as, { ...newOrder, customerNo: 1003 });

describe('lines', () => {
  it('401 without a session', async () => {
    expect((await request(t, undefined, 'POST', `${ORDER}/1/Lines/Line`, line, fs)).statusCode).toBe(401);
    expect((await request(t, undefined, 'PATCH', `${ORDER}/1/Lines/Line/1`, [], fs)).statusCode).toBe(401);
  });

  it('adds lines; the same service again replaces its line; PUT and PATCH change it (a user who may edit prices)', async () => {
    const order = await outsideOrder();
    const added = await request(t, admin, 'POST', `${ORDER}/${order.id}/Lines/Line`, line, as);
    expect(added.statusCode).toBe(200);
    const first = added.json<{ id: number }>();
    expect(first).toMatchObject({ orderId: order.id, ...line });
    const again = await request(
      t,
      admin,
      'POST',
      `${ORDER}/${order.id}/Lines/Line`,
      { ...line, quantity: 5, extendedPrice: 225 },
      as,
    );
    expect(again.json()).toMatchObject({ id: first.id, quantity: 5, extendedPrice: 225 });
    await request(
      t,
      admin,
      'POST',
      `${ORDER}/${order.id}/Lines/Line`,
      {
        ...line,
        serviceDefId: 310,
        serviceName: 'Core Aeration',
        rounds: 1,
        quantity: 1,
        unitPrice: 129,
        extendedPrice: 129,
        unitPriceSold: 129,
        extendedPriceSold: 129,
      },
      as,
    );

    const put = await request(
      t,
      admin,
      'PUT',
      `${ORDER}/${order.id}/Lines/Line`,
      { id: first.id, installment: true, remainMonths: 6 },
      as,
    );
    expect(put.json()).toMatchObject({ id: first.id, installment: true, remainMonths: 6 });

    const patch = await request(
      t,
      admin,
      'PATCH',
      `${ORDER}/${order.id}/Lines/Line/${first.id}`,
      [
        { op: 'replace', path: '/unitPrice', value: 44 },
        { op: 'replace', path: '/quantity', value: 6 },
        { op: 'replace', path: '/extendedPrice', value: 264 },
        { op: 'replace', path: '/unitPriceSold', value: 39.6 },
        { op: 'replace', path: '/extendedPriceSold', value: 237.6 },
      ],
      as,
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      unitPrice: 44,
      quantity: 6,
      extendedPrice: 264,
      unitPriceSold: 39.6,
      extendedPriceSold: 237.6,
    });

    const read = (await request(t, admin, 'GET', `${ORDER}/${order.id}`, undefined, as)).json<Order>();
    expect(read.lines.map((l) => l.serviceDefId)).toEqual([101, 310]);
  });

  it.each([
    ['POST', '', { ...line, unitPrice: -1 }, 'unitPrice: cannot be negative'],
    ['POST', '', { ...line, quantity: 1.5 }, 'quantity: '],
    ['POST', '', { ...line, serviceDefId: 0 }, 'serviceDefId: '],
    ['PUT', '', { id: 999999, quantity: 2 }, 'Order line not found.'],
    ['PUT', '', { quantity: 2 }, 'id: '],
    ['PUT', 'dup', { serviceDefId: 310 }, 'serviceDefId: the order already has a line for this service'],
    ['PATCH', '', [{ op: 'replace', path: '/serviceDefId', value: 5 }], "0.path: '/serviceDefId' may not be patched"],
    ['PATCH', '', [{ op: 'replace', path: '/quantity', value: 2.5 }], '0.value: /quantity must be a whole number'],
    ['PATCH', '', [{ op: 'replace', path: '/unitPrice', value: '44' }], '0.value: /unitPrice '],
    [
      'PATCH',
      '',
      [{ op: 'copy', path: '/unitPrice', from: '/unitPriceSold' }],
      "0.op: only replace is allowed, not 'copy'",
    ],
  ])('%s line %s %j: refused, nothing changed', async (method, variant, body, message) => {
    const order = await outsideOrder();
    const base = (await request(t, admin, 'POST', `${ORDER}/${order.id}/Lines/Line`, line, as)).json<{
      id: number;
    }>();
    await request(t, admin, 'POST', `${ORDER}/${order.id}/Lines/Line`, { ...line, serviceDefId: 310 }, as);
    const before = await fingerprint(t.db, TABLES);
    const url = method === 'PATCH' ? `${ORDER}/${order.id}/Lines/Line/${base.id}` : `${ORDER}/${order.id}/Lines/Line`;
    const payload = method === 'PUT' && variant === 'dup' ? { id: base.id, ...body } : body;
    const response = await request(t, admin, method as 'POST', url, payload, as);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('a line of another order is not found through this order', async () => {
    const a = await outsideOrder();
    const b = await outsideOrder();
    const lineOfA = (await request(t, admin, 'POST', `${ORDER}/${a.id}/Lines/Line`, line, as)).json<{
      id: number;
    }>();
    const response = await request(
      t,
      admin,
      'PATCH',
      `${ORDER}/${b.id}/Lines/Line/${lineOfA.id}`,
      [{ op: 'replace', path: '/quantity', value: 1 }],
      as,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('NDC and coupons', () => {
  it('POST …/Lines/NDC/{ndc} records the NDC code', async () => {
    const order = await create(franchise, fs);
    const response = await request(t, franchise, 'POST', `${ORDER}/${order.id}/Lines/NDC/SPRING-26`, undefined, fs);
    expect(response.statusCode).toBe(200);
    expect(response.json().ndc).toBe('SPRING-26');
    const bad = await request(
      t,
      franchise,
      'POST',
      `${ORDER}/${order.id}/Lines/NDC/${encodeURIComponent('a b')}`,
      undefined,
      fs,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ndc: must be 1 to 20 letters, digits or dashes');
  });

  it('a coupon gives what the franchise’s coupon gives on the order’s lines; once per order; never a client amount', async () => {
    const order = await outsideOrder();
    const lineUrl = `${ORDER}/${order.id}/Lines/Line`;
    expect((await request(t, admin, 'POST', lineUrl, line, as)).statusCode).toBe(200);
    const url = `${ORDER}/${order.id}/Discounts/Coupon/save20`;
    const first = await request(t, admin, 'POST', url, undefined, as);
    expect(first.statusCode).toBe(200);
    // SAVE20 is $20 off a lawn program or additional service (the seed's coupon, matched without case).
    expect(first.json()).toMatchObject({ orderId: order.id, couponCode: 'SAVE20', amount: 20 });
    const percent = await request(t, admin, 'POST', `${ORDER}/${order.id}/Discounts/Coupon/SPRING10`, undefined, as);
    // 10 % of the line's 243.00 sold price.
    expect(percent.json()).toMatchObject({ couponCode: 'SPRING10', amount: 24.3 });
    const again = await request(t, admin, 'POST', url, undefined, as);
    expect(again.json()).toMatchObject({ id: first.json().id, amount: 20 });

    const before = await fingerprint(t.db, TABLES);
    for (const [body, path, message] of [
      [{ amount: 1 }, url, 'amount: is not taken'],
      [undefined, `${ORDER}/${order.id}/Discounts/Coupon/NOPE99`, 'couponCode: Coupon NOPE99 was not found.'],
      [undefined, `${ORDER}/${order.id}/Discounts/Coupon/GRUB10`, 'couponCode: Coupon GRUB10 needs'],
      [undefined, `${ORDER}/${order.id}/Discounts/Coupon/${encodeURIComponent('SAVE 20')}`, 'couponCode: '],
    ] as const) {
      const response = await request(t, admin, 'POST', path, body, as);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });
});

describe('call centre order calls', () => {
  it('401 without a session', async () => {
    expect((await request(t, undefined, 'GET', '/api/call-center/getOrder/18001/1001')).statusCode).toBe(401);
    expect(
      (await request(t, undefined, 'POST', '/api/call-center/update-source', { orderId: 1, source: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await request(t, undefined, 'POST', '/api/call-center/ndc-code', { orderId: 1, ndc: 'x' })).statusCode,
    ).toBe(401);
  });

  it('getOrder answers the customer’s latest order that has not expired', async () => {
    const { customer_no } = rowsOf<{ customer_no: number }>(
      await t.db.execute(
        sql`select customer_no from customers where branchno = 'SG102' and customer_no not between 1001 and 1007 order by customer_no limit 1`,
      ),
    )[0]!;
    const none = await request(t, franchise, 'GET', `/api/call-center/getOrder/18001/${customer_no}`);
    expect(none.statusCode).toBe(200);
    await t.db.execute(sql`delete from orders where sqldbid = 18001 and customer_no = ${customer_no}`);
    expect((await request(t, franchise, 'GET', `/api/call-center/getOrder/18001/${customer_no}`)).json()).toEqual({
      order: null,
    });
    await openCall(t, franchise, customer_no);
    const pending = await create(franchise, fs, { ...newOrder, customerNo: customer_no, orderStatus: 'PENDING' });
    const got = await request(t, franchise, 'GET', `/api/call-center/getOrder/18001/${customer_no}`);
    expect(got.json().order).toMatchObject({ id: pending.id, orderStatus: 'PENDING', branchNo: 'SG102' });
    await request(t, franchise, 'PUT', ORDER, { id: pending.id, orderStatus: 'EXPIRED' }, fs);
    expect((await request(t, franchise, 'GET', `/api/call-center/getOrder/18001/${customer_no}`)).json()).toEqual({
      order: null,
    });
    const bad = await request(t, franchise, 'GET', '/api/call-center/getOrder/18001/abc');
    expect(bad.statusCode).toBe(400);
  });

  it('update-source and ndc-code change the order; bad values are refused', async () => {
    const order = await create(franchise, fs);
    const source = await request(t, franchise, 'POST', '/api/call-center/update-source', {
      orderId: order.id,
      source: 'Call Center',
    });
    expect(source.json()).toMatchObject({ id: order.id, source: 'Call Center' });
    const ndc = await request(t, franchise, 'POST', '/api/call-center/ndc-code', { orderId: order.id, ndc: 'NDC-7' });
    expect(ndc.json()).toMatchObject({ id: order.id, ndc: 'NDC-7' });
    const before = await fingerprint(t.db, TABLES);
    const empty = await request(t, franchise, 'POST', '/api/call-center/update-source', {
      orderId: order.id,
      source: ' ',
    });
    expect(empty.json().message).toBe('source: is required');
    const badNdc = await request(t, franchise, 'POST', '/api/call-center/ndc-code', { orderId: order.id, ndc: '<x>' });
    expect(badNdc.json().message).toBe('ndc: must be 1 to 20 letters, digits or dashes');
    const missing = await request(t, franchise, 'POST', '/api/call-center/ndc-code', { orderId: 99999999, ndc: 'A1' });
    expect(missing.statusCode).toBe(404);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });
});
