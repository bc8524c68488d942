/**
 * The orders service with X-SessionId (sessions, orders, lines, JSON Patch, NDC, coupons) and the call
 * centre's order calls (getOrder, update-source, ndc-code): success, scope, bad input (400, nothing
 * changed), 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fingerprint, insertCall, orderSession, request } from './test-support.js';

let t: TestApp;
let franchise: string;
let admin: string;
let fs: Record<string, string>;
let as: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
  admin = await t.signin('admin');
  fs = await orderSession(t, franchise);
  as = await orderSession(t, admin);
  // Orders change only in a call the caller holds: each opens its customer's call as the screen does.
  await openCall(franchise, 1001);
  await openCall(admin, 1003);
});

async function openCall(token: string, customerNo: number): Promise<void> {
  const body = { sqldbid: 18001, customerNo, callType: 'Inbound' };
  const response = await request(t, token, 'POST', '/api/call-center/call-active', body);
  if (response.statusCode !== 200) throw new Error(`call-active: ${response.statusCode} ${response.body}`);
}
afterAll(async () => {
  await t.close();
});

const ORDER = '/api/Orders/Order';
const TABLES = ['orders', 'order_items', 'order_discounts', 'call_history'];
const newOrder = {
  sqldbid: 18001,
  customerNo: 1001,
  isPrepay: true,
  orderType: 'LCP',
  orderStatus: 'PENDING',
  isAutopay: false,
  subTotal: 243,
  tax: 17.62,
  total: 260.62,
  title: 'Preferred Program',
};
const line = {
  serviceDefId: 101,
  serviceName: 'Preferred Program',
  rounds: 6,
  unitPrice: 45,
  quantity: 6,
  extendedPrice: 270,
  unitPriceSold: 40.5,
  extendedPriceSold: 243,
  installment: false,
  remainMonths: 0,
};

async function create(token: string, headers: Record<string, string>, body: object = newOrder): Promise<Order> {
  const response = await request(t, token, 'POST', ORDER, body, headers);
  if (response.statusCode !== 200) throw new Error(`create order: ${response.statusCode} ${response.body}`);
  return response.json<Order>();
}

/** An order of a customer outside csr.franchise's branches (SG103). */
async function outsideOrder(): Promise<Order> {
  return create(admin, as, { ...newOrder, customerNo: 1003 });
}

describe('sessions', () => {
  it('401 without a session; a session id for the user', async () => {
    expect((await request(t, undefined, 'POST', '/api/Sessions/Session')).statusCode).toBe(401);
    const response = await request(t, franchise, 'POST', '/api/Sessions/Session');
    expect(response.json().sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json().expiresAt).toBe('2026-06-15 22:00:00');
  });

  it('orders and surveys calls need X-SessionId of an open session of the caller', async () => {
    const missing = await request(t, franchise, 'GET', `${ORDER}/1`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('X-SessionId: is required: open a session with POST /api/Sessions/Session');
    const garbage = await request(t, franchise, 'GET', `${ORDER}/1`, undefined, { 'x-sessionid': 'abc' });
    expect(garbage.json().message).toBe('X-SessionId: must be a session id from POST /api/Sessions/Session');
    const someoneElses = await request(t, franchise, 'GET', `${ORDER}/1`, undefined, as);
    expect(someoneElses.statusCode).toBe(400);
    expect(someoneElses.json().message).toBe('X-SessionId: is not an open session of yours');
    const survey = await request(t, franchise, 'GET', '/api/Surveys/Survey/6f1c2d4e-8a3b-4c5d-9e7f-105105105105');
    expect(survey.statusCode).toBe(400);
    const before = await fingerprint(t.db, TABLES);
    expect((await request(t, franchise, 'POST', ORDER, newOrder)).statusCode).toBe(400);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    // A session ends after 12 hours.
    const old = await orderSession(t, franchise);
    await t.db.execute(
      sql`update order_sessions set expires_at = ${t.clock.now().toISOString()}::timestamptz where session_id = ${old['x-sessionid']}`,
    );
    const late = await request(t, franchise, 'GET', `${ORDER}/1`, undefined, old);
    expect(late.json().message).toBe('X-SessionId: is not an open session of yours');
  });
});

describe('orders', () => {
  it('401 without a session', async () => {
    expect((await request(t, undefined, 'POST', ORDER, newOrder, fs)).statusCode).toBe(401);
    expect((await request(t, undefined, 'GET', `${ORDER}/1`, undefined, fs)).statusCode).toBe(401);
    expect((await request(t, undefined, 'PUT', ORDER, { id: 1, title: 'x' }, fs)).statusCode).toBe(401);
    expect((await request(t, undefined, 'PATCH', `${ORDER}/1`, [], fs)).statusCode).toBe(401);
  });

  it('creates an order on the customer’s branch with the session, reads it back', async () => {
    const order = await create(franchise, fs);
    expect(order).toMatchObject({
      sqldbid: 18001,
      customerNo: 1001,
      branchNo: 'SG101',
      serviceYear: 2026,
      isPrepay: true,
      orderType: 'LCP',
      orderStatus: 'PENDING',
      subTotal: 243,
      tax: 17.62,
      total: 260.62,
      source: '',
      sessionId: fs['x-sessionid'],
      createdAt: '2026-06-15 10:00:00',
      lines: [],
      discounts: [],
    });
    const read = await request(t, franchise, 'GET', `${ORDER}/${order.id}`, undefined, fs);
    expect(read.json()).toEqual(order);
  });

  it('an order of a call: the call gets its id, and creating it again answers the first order', async () => {
    const callId = await insertCall(t.db, { sqldbid: 18001, custNo: 1001, branchNo: 'SG101' });
    const first = await create(franchise, fs, { ...newOrder, callId });
    const again = await create(franchise, fs, { ...newOrder, callId, total: 999, subTotal: 981.38 });
    expect(again.id).toBe(first.id);
    expect(again.total).toBe(260.62);
    const [call] = rowsOf<{ order_id: number }>(
      await t.db.execute(sql`select order_id from call_history where call_id = ${callId}`),
    );
    expect(call?.order_id).toBe(first.id);
    const wrong = await request(t, franchise, 'POST', ORDER, { ...newOrder, customerNo: 1002, callId }, fs);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('callId: is not a call of this customer in your scope');
  });

  it('scope: 404 for orders and customers outside the user’s branches, nothing changed', async () => {
    const order = await outsideOrder();
    const before = await fingerprint(t.db, TABLES);
    const attempts = [
      request(t, franchise, 'GET', `${ORDER}/${order.id}`, undefined, fs),
      request(t, franchise, 'PUT', ORDER, { id: order.id, title: 'mine' }, fs),
      request(t, franchise, 'PATCH', `${ORDER}/${order.id}`, [{ op: 'replace', path: '/IsAutopay', value: true }], fs),
      request(t, franchise, 'POST', `${ORDER}/${order.id}/Lines/Line`, line, fs),
      request(t, franchise, 'POST', `${ORDER}/${order.id}/Lines/NDC/ABC123`, undefined, fs),
      request(t, franchise, 'POST', `${ORDER}/${order.id}/Discounts/Coupon/SAVE20`, undefined, fs),
      request(t, franchise, 'POST', '/api/call-center/update-source', { orderId: order.id, source: 'Call Center' }),
      request(t, franchise, 'POST', '/api/call-center/ndc-code', { orderId: order.id, ndc: 'ABC123' }),
      request(t, franchise, 'POST', ORDER, { ...newOrder, customerNo: 1003 }, fs),
      request(t, franchise, 'GET', '/api/call-center/getOrder/18001/1003'),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('PUT changes the fields named and keeps the total equal to subTotal plus tax (a user who may edit prices)', async () => {
    const order = await outsideOrder();
    const response = await request(
      t,
      admin,
      'PUT',
      ORDER,
      { id: order.id, orderStatus: 'PENDING', subTotal: 100, tax: 7.25, total: 107.25, ndc: 'SPRING-26' },
      as,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      orderStatus: 'PENDING',
      subTotal: 100,
      tax: 7.25,
      total: 107.25,
      ndc: 'SPRING-26',
    });
  });

  it.each([
    ['POST', { ...newOrder, total: 260 }, 'total: must be subTotal plus tax'],
    ['POST', { ...newOrder, orderType: 'BIG' }, 'orderType: must be LCP, UPSELL or NORMAL'],
    ['POST', { ...newOrder, orderStatus: 'EXPIRED' }, 'orderStatus: must be SUBMITTED or PENDING'],
    ['POST', { ...newOrder, tax: 17.625 }, 'tax: must have at most 2 decimals'],
    ['POST', { ...newOrder, ndc: 'no spaces' }, 'ndc: must be 1 to 20 letters, digits or dashes'],
    ['POST', { ...newOrder, customerNo: -1 }, 'customerNo: '],
    ['PUT', { title: 'x' }, 'id: '],
    ['PUT', {}, 'body: names no field to update'],
    ['PUT', { tax: 1 }, 'total: must be subTotal plus tax'],
    ['PUT', { orderStatus: 'DONE' }, 'orderStatus: must be SUBMITTED, PENDING or EXPIRED'],
  ])('%s %j: 400, nothing changed', async (method, body, message) => {
    const order = await create(franchise, fs);
    const before = await fingerprint(t.db, TABLES);
    const payload =
      method === 'PUT' && !('title' in body && Object.keys(body).length === 1) ? { id: order.id, ...body } : body;
    const response = await request(t, franchise, method as 'POST' | 'PUT', ORDER, payload, fs);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });
});

describe('PATCH /api/Orders/Order/{id}', () => {
  it('replaces /source with Call Center and /IsAutopay, also as application/json-patch+json', async () => {
    const order = await create(franchise, fs);
    const response = await t.call(franchise, {
      method: 'PATCH',
      url: `${ORDER}/${order.id}`,
      headers: { ...fs, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([
        { op: 'replace', path: '/source', value: 'Call Center' },
        { op: 'replace', path: '/IsAutopay', value: true },
      ]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source: 'Call Center', isAutopay: true });
  });

  it.each([
    [[{ op: 'add', path: '/source', value: 'Call Center' }], "0.op: only replace is allowed, not 'add'"],
    [[{ op: 'remove', path: '/IsAutopay' }], "0.op: only replace is allowed, not 'remove'"],
    [[{ op: 'replace', path: '/total', value: 0 }], "0.path: '/total' may not be patched (only /source, /IsAutopay)"],
    [[{ op: 'replace', path: '/Source', value: 'Call Center' }], "0.path: '/Source' may not be patched"],
    [[{ op: 'replace', path: '/source', value: 'Web' }], "0.value: /source must be 'Call Center'"],
    [[{ op: 'replace', path: '/IsAutopay', value: 'yes' }], '0.value: /IsAutopay must be true or false'],
    [
      [
        { op: 'replace', path: '/IsAutopay', value: true },
        { op: 'replace', path: '/IsAutopay', value: false },
      ],
      "1.path: '/IsAutopay' is replaced twice",
    ],
    [[], 'body: must hold at least one operation'],
    [{ op: 'replace', path: '/source', value: 'Call Center' }, 'body: must be a JSON Patch array'],
  ])('%j: 400 naming the field, nothing changed', async (patch, message) => {
    const order = await create(franchise, fs);
    const before = await fingerprint(t.db, TABLES);
    const response = await request(t, franchise, 'PATCH', `${ORDER}/${order.id}`, patch, fs);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });
});

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

describe('who may change an order (issue 13, point 2)', () => {
  it('a SUBMITTED or EXPIRED order is immutable: 409 for every change, nothing written', async () => {
    const submitted = await create(franchise, fs, { ...newOrder, orderStatus: 'SUBMITTED' });
    const expired = await create(franchise, fs);
    expect((await request(t, franchise, 'PUT', ORDER, { id: expired.id, orderStatus: 'EXPIRED' }, fs)).statusCode).toBe(
      200,
    );
    const before = await fingerprint(t.db, TABLES);
    for (const [order, status] of [
      [submitted, 'SUBMITTED'],
      [expired, 'EXPIRED'],
    ] as const) {
      const attempts = [
        request(t, franchise, 'PUT', ORDER, { id: order.id, title: 'mine' }, fs),
        request(
          t,
          franchise,
          'PATCH',
          `${ORDER}/${order.id}`,
          [{ op: 'replace', path: '/IsAutopay', value: true }],
          fs,
        ),
        request(t, franchise, 'POST', `${ORDER}/${order.id}/Lines/NDC/ABC123`, undefined, fs),
        request(t, franchise, 'POST', `${ORDER}/${order.id}/Discounts/Coupon/SAVE20`, undefined, fs),
        request(t, franchise, 'POST', '/api/call-center/update-source', { orderId: order.id, source: 'Call Center' }),
        request(t, franchise, 'POST', '/api/call-center/ndc-code', { orderId: order.id, ndc: 'ABC123' }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.json().message).toBe(`This order is ${status} and can no longer be changed.`);
        expect(response.statusCode).toBe(409);
      }
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('only the user holding the customer’s call changes its order: 409, nothing written', async () => {
    const { customer_no } = rowsOf<{ customer_no: number }>(
      await t.db.execute(
        sql`select customer_no from customers where branchno = 'SG101' and customer_no not between 1001 and 1007 order by customer_no limit 1`,
      ),
    )[0]!;
    const order = await create(franchise, fs, { ...newOrder, customerNo: customer_no });
    const before = await fingerprint(t.db, TABLES);
    const response = await request(t, franchise, 'PUT', ORDER, { id: order.id, title: 'mine' }, fs);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Open this customer’s call before changing it: you do not hold it.');
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    await openCall(franchise, customer_no);
    expect((await request(t, franchise, 'PUT', ORDER, { id: order.id, title: 'mine' }, fs)).statusCode).toBe(200);
  });

  it('a user who may not edit prices sets no price off the price list: 400 naming the field, nothing written', async () => {
    const order = await create(franchise, fs);
    const [stored] = rowsOf<{ order_item_id: number }>(
      await t.db
        .execute(sql`insert into order_items (order_id, service_def_id, service_name, rounds, unit_price, quantity,
        extended_price, unit_price_sold, extended_price_sold) values (${order.id}, 101, 'Preferred Program', 6, 45, 6, 270, 40.5, 243)
        returning order_item_id`),
    );
    const before = await fingerprint(t.db, TABLES);
    const lineUrl = `${ORDER}/${order.id}/Lines/Line`;
    for (const [method, url, body, field] of [
      [
        'POST',
        lineUrl,
        { ...line, serviceDefId: 310, unitPrice: 1, extendedPrice: 1, unitPriceSold: 1, extendedPriceSold: 1 },
        'unitPrice',
      ],
      ['PUT', lineUrl, { id: stored!.order_item_id, unitPriceSold: 1 }, 'unitPriceSold'],
      [
        'PATCH',
        `${lineUrl}/${stored!.order_item_id}`,
        [{ op: 'replace', path: '/extendedPriceSold', value: 1 }],
        'extendedPriceSold',
      ],
      ['PUT', ORDER, { id: order.id, subTotal: 1, tax: 0, total: 1 }, 'subTotal'],
    ] as const) {
      const response = await request(t, franchise, method, url, body, fs);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `${field}: only company-owned users, administrators and leads call-centre managers may edit prices, rounds and discounts`,
      );
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    // What the line holds already is no edit, and neither is a quantity.
    const same = await request(
      t,
      franchise,
      'PATCH',
      `${lineUrl}/${stored!.order_item_id}`,
      [
        { op: 'replace', path: '/unitPrice', value: 45 },
        { op: 'replace', path: '/quantity', value: 5 },
      ],
      fs,
    );
    expect(same.statusCode).toBe(200);
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
    await openCall(franchise, customer_no);
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
