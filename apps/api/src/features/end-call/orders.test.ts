/**
 * The orders service with X-SessionId (sessions, orders, JSON Patch) and who may change an order: success, scope, bad
 * input (400, nothing changed), 401. Lines, NDC, coupons and the call centre's order calls: order-lines.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { Permission } from '@cc/domain';
import type { TestApp } from '../../test/harness.js';
import { setPermission } from '../../test/permissions.js';
import {
  createOrder,
  fingerprint,
  NEW_ORDER as newOrder,
  ORDER,
  ORDER_LINE as line,
  ORDER_TABLES as TABLES,
  ordersFixture,
  openCall,
  orderSession,
  request,
  insertCall,
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

/** An edit of each price an order holds: a new line's, a line's by PUT and by PATCH, and the order's totals. */
const priceEdits = (orderId: number, itemId: number) => {
  const lineUrl = `${ORDER}/${orderId}/Lines/Line`;
  return [
    [
      'POST',
      lineUrl,
      { ...line, serviceDefId: 310, unitPrice: 1, extendedPrice: 1, unitPriceSold: 1, extendedPriceSold: 1 },
      'unitPrice',
    ],
    ['PUT', lineUrl, { id: itemId, unitPriceSold: 1 }, 'unitPriceSold'],
    ['PATCH', `${lineUrl}/${itemId}`, [{ op: 'replace', path: '/extendedPriceSold', value: 1 }], 'extendedPriceSold'],
    ['PUT', ORDER, { id: orderId, subTotal: 1, tax: 0, total: 1 }, 'subTotal'],
  ] as const;
};

/** A line of the order as the screen wrote it, straight into the table. */
const insertLine = async (orderId: number) => {
  const [row] = rowsOf<{ order_item_id: number }>(
    await t.db
      .execute(sql`insert into order_items (order_id, service_def_id, service_name, rounds, unit_price, quantity,
      extended_price, unit_price_sold, extended_price_sold) values (${orderId}, 101, 'Preferred Program', 6, 45, 6, 270, 40.5, 243)
      returning order_item_id`),
  );
  if (!row) throw new Error('no line');
  return row.order_item_id;
};

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

describe('who may change an order (decision 021)', () => {
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
    await openCall(t, franchise, customer_no);
    expect((await request(t, franchise, 'PUT', ORDER, { id: order.id, title: 'mine' }, fs)).statusCode).toBe(200);
  });

  it('a user who may not edit prices sets no price off the price list: 400 naming the field, nothing written', async () => {
    const order = await create(franchise, fs);
    const itemId = await insertLine(order.id);
    const before = await fingerprint(t.db, TABLES);
    const lineUrl = `${ORDER}/${order.id}/Lines/Line`;
    for (const [method, url, body, field] of priceEdits(order.id, itemId)) {
      const response = await request(t, franchise, method, url, body, fs);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `${field}: only company-owned users, administrators and leads call-centre managers granted CallCenter.EditPricing may edit prices, rounds and discounts`,
      );
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    // What the line holds already is no edit, and neither is a quantity.
    const same = await request(
      t,
      franchise,
      'PATCH',
      `${lineUrl}/${itemId}`,
      [
        { op: 'replace', path: '/unitPrice', value: 45 },
        { op: 'replace', path: '/quantity', value: 5 },
      ],
      fs,
    );
    expect(same.statusCode).toBe(200);
  });
});

describe('CallCenter.EditPricing decides within the rule', () => {
  it('the leads manager without it is refused every price edit of an order; granted, the same edits go through', async () => {
    const leads = await t.signin('leadsmanager');
    const ls = await orderSession(t, leads);
    await openCall(t, leads, 1002);
    const order = await create(leads, ls, { ...newOrder, customerNo: 1002 });
    const itemId = await insertLine(order.id);
    await setPermission(t, admin, 'leadsmanager', Permission.EditPricing, 'false');
    const before = await fingerprint(t.db, TABLES);
    for (const [method, url, body, field] of priceEdits(order.id, itemId)) {
      const response = await request(t, leads, method, url, body, ls);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field}: .* granted CallCenter\\.EditPricing`));
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    await setPermission(t, admin, 'leadsmanager', Permission.EditPricing, 'true');
    for (const [method, url, body] of priceEdits(order.id, itemId)) {
      const response = await request(t, leads, method, url, body, ls);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
  });
});
