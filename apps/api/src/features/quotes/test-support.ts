/**
 * Test support for the All Quotes API: sessions for the demo users, the list and detail calls, and an oracle of
 * which branches each user sees, written from the spec (call-handling.md §6) apart from the scope code under test.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { QuoteDetail, QuotesResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

export const USERS = ['admin', 'csr.corporate', 'csr.cof', 'csr.franchise', 'csr.external'] as const;
export type UserName = (typeof USERS)[number];
export type Sessions = Record<UserName, string>;

/** The branches of csr.franchise in the seed. */
export const FRANCHISE_BRANCHES = ['SG101', 'SG102'];

/**
 * The orders a user sees, as SQL over `orders o` joined to `franchises f` on the branch: administrators and
 * external CSRs every branch, corporate CSRs the independent franchises, company-owned CSRs the company-owned
 * branches, an independent franchise its own branches.
 */
export function visibleSql(user: UserName): SQL {
  switch (user) {
    case 'admin':
    case 'csr.external':
      return sql`true`;
    case 'csr.corporate':
      return sql`f.designation = 'IND'`;
    case 'csr.cof':
      return sql`f.designation = 'COF'`;
    case 'csr.franchise':
      return sql`o.branchno in ('SG101', 'SG102')`;
  }
}

export async function signinAll(t: TestApp): Promise<Sessions> {
  const entries = await Promise.all(USERS.map(async (u) => [u, await t.signin(u)] as const));
  return Object.fromEntries(entries) as Sessions;
}

export async function query<T>(t: TestApp, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await t.db.execute(statement));
}

/** Orders (ids, ascending) a user sees with an extra condition over `orders o`, `franchises f`, `customers c`. */
export async function expectedIds(t: TestApp, user: UserName, condition: SQL = sql`true`): Promise<number[]> {
  const rows = await query<{ id: number }>(
    t,
    sql`select o.order_id as id from orders o join franchises f on f.branchno = o.branchno
        left join customers c on c.sqldbid = o.sqldbid and c.customer_no = o.customer_no
        where ${visibleSql(user)} and ${condition} order by o.order_id`,
  );
  return rows.map((r) => r.id);
}

export interface Answer<T> {
  status: number;
  body: T;
}

export async function get<T>(t: TestApp, token: string | undefined, url: string): Promise<Answer<T>> {
  const response = await t.call(token, { method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
}

/** One page of the list; fails the test on anything but 200. */
export async function list(t: TestApp, token: string, params: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const answer = await get<QuotesResponse>(t, token, `/api/quotes?${search.toString()}`);
  if (answer.status !== 200)
    throw new Error(`GET /api/quotes?${search.toString()}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every page of a list, 500 at a time. */
export async function listAll(t: TestApp, token: string, params: Record<string, string | number> = {}) {
  const rows: QuotesResponse['data'] = [];
  for (let page = 1; ; page++) {
    const answer = await list(t, token, { ...params, page, pageSize: 500 });
    rows.push(...answer.data);
    if (answer.data.length < 500) return { rows, total: answer.total };
  }
}

export async function detail(t: TestApp, token: string, id: number) {
  return get<QuoteDetail>(t, token, `/api/quotes/${id}`);
}
