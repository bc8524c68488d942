/**
 * Test support for the current-call API tests: sessions for the demo users, one request helper, a
 * fingerprint of every table a current-call request may write (to prove a refused request changed
 * nothing), and the story customers the tests lean on (docs/decisions/002-demo-data.md).
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { hashToken } from '../../http/auth.js';
import { customerVersion, holdCall } from '../../test/calls.js';
import type { TestApp } from '../../test/harness.js';

export const USERS = ['admin', 'csr.corporate', 'csr.cof', 'csr.franchise', 'csr.external'] as const;
export type UserName = (typeof USERS)[number];
export type Sessions = Record<UserName, string>;

/**
 * Story customers by where they sit. csr.franchise (branches SG101 and SG102 of franchise 18001) sees
 * MARGARET and DALE; IRENE is in the same franchise but branch SG103; WALTER is another independent
 * franchise; HARRIET is company-owned (csr.cof's scope).
 */
export const MARGARET = { sqldbid: 18001, customerNo: 1001 } as const;
export const DALE = { sqldbid: 18001, customerNo: 1002 } as const;
export const IRENE = { sqldbid: 18001, customerNo: 1003 } as const;
export const WALTER = { sqldbid: 18002, customerNo: 1004 } as const;
export const HARRIET = { sqldbid: 17501, customerNo: 1005 } as const;
/** A customer number no franchise has, and a franchise id that does not exist. */
export const NOBODY = 999_999;
export const NO_FRANCHISE = 99_999;
/** The answer for a customer whose SQLDBID names no franchise (call-handling.md's text). */
export const NO_FRANCHISE_FOUND = { status: 404, message: 'Franchise not found.' };
export const NOT_FOUND = { status: 404, message: 'Customer Not Found.' };
export const NO_CALL = { status: 404, message: 'Call not found.' };

/** The call-activity calls, at the spec's paths (call-handling.md §4, §7). */
export const ACTIVE = '/api/call-center/call-active';
export const IS_ACTIVE = '/api/call-center/isCallActive';
export const INACTIVE = '/api/call-center/call-inactive';
export const STATUS = '/api/call-center/call-status';
export const SAVED = '/api/call-center/saved-call';
export const CANCEL = '/api/currentcall/insertCancelCall';

/** What csr.franchise must not reach, each paired with the equally missing record it must look like. */
export const OUT_OF_SCOPE_FOR_FRANCHISE = [IRENE, WALTER, HARRIET] as const;

export async function signinAll(t: TestApp): Promise<Sessions> {
  const entries = await Promise.all(USERS.map(async (u) => [u, await t.signin(u)] as const));
  return Object.fromEntries(entries) as Sessions;
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`select user_id as id from users where username = ${username}`),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no user ${username}`);
  return id;
}

/** The session a bearer token belongs to (what a call lock records as its holder). */
export async function sessionIdOf(t: TestApp, token: string): Promise<string | undefined> {
  const rows = rowsOf<{ session_id: string }>(
    await t.db.execute(sql`select session_id from access_tokens where token_hash = ${hashToken(token)}`),
  );
  return rows[0]?.session_id;
}

export interface ErrorBody {
  error: string;
  message: string;
  errors?: Record<string, string>;
}

export interface Answer<T> {
  status: number;
  body: T;
  response: LightMyRequestResponse;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function send<T = unknown>(
  t: TestApp,
  token: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await t.call(token, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  let body: T;
  try {
    body = response.json<T>();
  } catch {
    body = response.body as T;
  }
  return { status: response.statusCode, body, response };
}

/** Send and insist on 200; answers the body. */
export async function ok<T = unknown>(
  t: TestApp,
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<T> {
  const a = await send<T>(t, token, method, url, payload);
  expect(a.status, `${method} ${url} ${JSON.stringify(payload ?? '')}: ${a.response.body}`).toBe(200);
  return a.body;
}

/** The tables a current-call request writes; sessions are left out (every request touches its own). */
const WRITTEN = [
  'call_locks',
  'saved_calls',
  'customers',
  'customer_info_edits',
  'call_history',
  'outbound_calls',
  'web_leads',
  'orders',
] as const;

/** A fingerprint of every row of the written tables: equal before and after means nothing changed. */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WRITTEN) {
    const rows = rowsOf<{ n: number; h: string | null }>(
      await t.db.execute(
        // An order-free sum of row hashes: any changed, added or removed row changes it.
        sql.raw(`select count(*)::int as n, sum(hashtextextended(x::text, 0))::text as h from ${table} x`),
      ),
    );
    out[table] = `${rows[0]?.n}:${rows[0]?.h ?? ''}`;
  }
  return out;
}

/** The request is refused with `status` and exactly `body`-like fields, and changes nothing. */
export async function expectRefused(
  t: TestApp,
  token: string,
  method: Method,
  url: string,
  payload: unknown,
  expected: { status: number; message?: string; field?: string },
): Promise<ErrorBody> {
  const before = await fingerprint(t);
  const a = await send<ErrorBody>(t, token, method, url, payload);
  const what = `${method} ${url} ${JSON.stringify(payload ?? '')}: ${a.response.body}`;
  expect(a.status, what).toBe(expected.status);
  if (expected.message !== undefined) expect(a.body.message, what).toBe(expected.message);
  if (expected.field !== undefined) {
    expect(a.body.error, what).toBe('VALIDATION');
    expect(a.body.message.startsWith(`${expected.field}: `), what).toBe(true);
    expect(Object.keys(a.body.errors ?? {}), what).toContain(expected.field);
  }
  expect(await fingerprint(t), `${what} changed the database`).toEqual(before);
  return a.body;
}

/** A 400 naming `field`, nothing changed. */
export const expectBadInput = (
  t: TestApp,
  token: string,
  method: Method,
  url: string,
  payload: unknown,
  field: string,
) => expectRefused(t, token, method, url, payload, { status: 400, field });

/**
 * Scope: the request for a record outside the user's scope answers exactly what the request for a
 * record that does not exist answers (status and body), and neither changes anything.
 */
export async function expectSameAsMissing(
  t: TestApp,
  token: string,
  method: Method,
  foreign: { url: string; payload?: unknown },
  missing: { url: string; payload?: unknown },
  expected: { status: number; message: string },
): Promise<void> {
  const a = await expectRefused(t, token, method, foreign.url, foreign.payload, expected);
  const b = await expectRefused(t, token, method, missing.url, missing.payload, expected);
  expect(a).toEqual(b);
}

/** The call history rows of a customer, for exact comparisons. */
export async function callHistoryOf(t: TestApp, sqldbid: number, customerNo: number) {
  return rowsOf<Record<string, unknown>>(
    await t.db.execute(
      sql`select * from call_history where sqldbid = ${sqldbid} and cust_no = ${customerNo} order by call_id`,
    ),
  );
}

export async function lockOf(t: TestApp, sqldbid: number, customerNo: number) {
  return (
    rowsOf<{
      user_id: number;
      call_type: string;
      outbound_id: number | null;
      session_id: string | null;
      locked_at: string | Date;
      heartbeat_at: string | Date;
    }>(
      await t.db.execute(
        sql`select user_id, call_type, outbound_id, session_id, locked_at, heartbeat_at from call_locks
            where sqldbid = ${sqldbid} and customer_no = ${customerNo}`,
      ),
    )[0] ?? null
  );
}

export async function savedCallRow(t: TestApp, user: number) {
  return (
    rowsOf<{ sqldbid: number; customer_no: number; call_type: string; the_call: unknown }>(
      await t.db.execute(
        sql`select sqldbid, customer_no, call_type, the_call from saved_calls where user_id = ${user}`,
      ),
    )[0] ?? null
  );
}

/** Insert an outbound row (a listed Cancel call for MARGARET in SG101 unless told otherwise); answers its id. */
export async function insertOutbound(
  t: TestApp,
  values: { type?: string; branchNo?: string; sqldbid?: number; custNo?: number | null; webLeadCallId?: number } = {},
): Promise<number> {
  const type = values.type ?? 'Cancel';
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into outbound_calls (type, call_source, branchno, sqldbid, cust_no, first_name, last_name, call_back_date,
        web_lead_call_id)
      values (${type}, ${`Outbound-${type}`}, ${values.branchNo ?? 'SG101'}, ${values.sqldbid ?? 18001},
        ${values.custNo === undefined ? 1001 : values.custNo}, 'Test', 'Row', '2026-06-01T15:00:00Z',
        ${values.webLeadCallId ?? null})
      returning outbound_id as id`),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned nothing');
  return id;
}

/** Edit a stored customer as the call screen does: holding its call, on its current version. */
export async function editCustomer<T = { customer: Record<string, unknown>; customerInfoEditId: number }>(
  t: TestApp,
  token: string,
  customer: { sqldbid: number; customerNo: number },
  body: Record<string, unknown>,
): Promise<T> {
  await holdCall(t, token, customer);
  const version = await customerVersion(t, customer);
  return ok<T>(t, token, 'PUT', `/api/customer/${customer.customerNo}/${customer.sqldbid}`, { version, ...body });
}

export { customerVersion, holdCall } from '../../test/calls.js';
