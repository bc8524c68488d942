/** Test support for the end-call API tests: requests, row counts, and rows to work on. */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Order, OutboundCount } from '@cc/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';

export { insertCall } from '../../test/calls.js';
import { idOf, priceList } from '../../test/price-list.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export function request(
  t: TestApp,
  token: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.call(token, {
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** What an end-call request names of its call: whose call is held, of which type, on which outbound row. */
export interface EndCallTarget {
  sqldbid: number;
  customerNo: number;
  callType?: string;
  outboundId?: number;
}

/** POST /api/call-center/end-call as it is sent, nothing held first. */
export function postEndCall(t: TestApp, token: string, body: object): Promise<LightMyRequestResponse> {
  return t.call(token, { method: 'POST', url: '/api/call-center/end-call', payload: body });
}

/** Hold the call an end-call request ends, as the call screen does when it opens the call. */
export function holdCallOf(t: TestApp, token: string, body: EndCallTarget): Promise<void> {
  return holdCall(t, token, { sqldbid: body.sqldbid, customerNo: body.customerNo }, body.callType, body.outboundId);
}

/** End a call as the screen does: the CSR holds the customer's call (the call screen opened it), then ends it. */
export async function endHeldCall(
  t: TestApp,
  token: string,
  body: EndCallTarget & Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  await holdCallOf(t, token, body);
  return postEndCall(t, token, body);
}

/** Rows in a table (optionally matching a condition), to prove a refused request changed nothing. */
export async function count(db: Db, table: string, where = 'true'): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`)),
  );
  return rows[0]?.n ?? 0;
}

/** The tables ending a call writes (the lock and saved calls aside), to count or fingerprint them. */
export const END_CALL_TABLES = [
  'call_history',
  'call_services',
  'orders',
  'order_items',
  'order_discounts',
  'surveys',
  'survey_answers',
  'email_outbox',
  'outbound_calls',
  'web_leads',
] as const;

/** The first row a statement answers. */
export async function firstRow<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return rowsOf<T>(await db.execute(query))[0];
}

/** The user's outbound list counts, by list. */
export async function outboundCountsOf(t: TestApp, token: string): Promise<Record<string, number>> {
  const response = await t.call(token, { method: 'GET', url: '/api/OutboundCall/GetOutboundCallCounts' });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(response.json<OutboundCount[]>().map((c) => [c.CallTypeName, c.count]));
}

/** The price-list ids of the Preferred Program and Core Aeration for a customer, as the call screen gets them. */
export async function priceListIds(
  t: TestApp,
  token: string,
  customer: { sqldbid: number; customerNo: number },
): Promise<{ preferred: number; aeration: number }> {
  const data = await priceList(t, token, { ...customer, zip: '60540', size: 8.5, pricingYear: 2026 });
  return { preferred: idOf(data, 'Preferred Program'), aeration: idOf(data, 'Core Aeration') };
}

/** A fingerprint of whole tables, to prove a refused request changed nothing in them. */
export async function fingerprint(db: Db, tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = rowsOf<{ h: string | null; n: number }>(
      await db.execute(
        sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as h, count(*)::int as n from ${table} t`),
      ),
    );
    parts.push(`${table}:${rows[0]?.n ?? 0}:${rows[0]?.h ?? ''}`);
  }
  return parts.join(' ');
}

/** A listed outbound call of a branch (the LISTED rule of the outbound lists). */
export async function listedOutbound(db: Db, branchNo: string, type = 'Cancel') {
  const rows = rowsOf<{ outbound_id: number; sqldbid: number; cust_no: number; call_attempts: number }>(
    await db.execute(sql`
      select outbound_id, sqldbid, cust_no, call_attempts from outbound_calls o
      where branchno = ${branchNo} and type = ${type} and not call_complete and deleted_at is null
        and cust_no is not null and cust_no <> -1
      order by outbound_id limit 1`),
  );
  const row = rows[0];
  if (!row) throw new Error(`no listed ${type} call in ${branchNo}`);
  return row;
}

/** A customer of a franchise (the first by number). */
export async function customerOf(db: Db, sqldbid: number) {
  const rows = rowsOf<{ customer_no: number; branchno: string }>(
    await db.execute(
      sql`select customer_no, branchno from customers where sqldbid = ${sqldbid} order by customer_no limit 1`,
    ),
  );
  const row = rows[0];
  if (!row) throw new Error(`no customer in ${sqldbid}`);
  return row;
}

/** Open an orders-service session and answer the header that carries it. */
export async function orderSession(t: TestApp, token: string): Promise<Record<string, string>> {
  const response = await request(t, token, 'POST', '/api/Sessions/Session');
  if (response.statusCode !== 200) throw new Error(`session: ${response.statusCode} ${response.body}`);
  return { 'x-sessionid': response.json<{ sessionId: string }>().sessionId };
}

/** The orders service (orders.test.ts, order-lines.test.ts): its path, the tables it writes, an order and a line. */
export const ORDER = '/api/Orders/Order';
export const ORDER_TABLES = ['orders', 'order_items', 'order_discounts', 'call_history'];
export const NEW_ORDER = {
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
export const ORDER_LINE = {
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

/**
 * An app with csr.franchise and admin signed in, each with an orders session (X-SessionId) and holding a customer's
 * call, as the screen opens it (orders change only in a call the caller holds): 1001 for csr.franchise, 1003 (SG103,
 * outside csr.franchise's branches) for admin.
 */
export async function ordersFixture(): Promise<{
  t: TestApp;
  franchise: string;
  admin: string;
  fs: Record<string, string>;
  as: Record<string, string>;
}> {
  const t = await createTestApp();
  const franchise = await t.signin('csr.franchise');
  const admin = await t.signin('admin');
  const fs = await orderSession(t, franchise);
  const as = await orderSession(t, admin);
  await openCall(t, franchise, 1001);
  await openCall(t, admin, 1003);
  return { t, franchise, admin, fs, as };
}

/** Open a story customer's inbound call (SQLDBID 18001) as the call screen does. */
export const openCall = (t: TestApp, token: string, customerNo: number): Promise<void> =>
  holdCall(t, token, { sqldbid: 18001, customerNo });

/** Create an order through the orders service. */
export async function createOrder(
  t: TestApp,
  token: string,
  headers: Record<string, string>,
  body: object = NEW_ORDER,
): Promise<Order> {
  const response = await request(t, token, 'POST', ORDER, body, headers);
  if (response.statusCode !== 200) throw new Error(`create order: ${response.statusCode} ${response.body}`);
  return response.json<Order>();
}
