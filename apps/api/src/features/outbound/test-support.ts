/**
 * Test support for the outbound API tests: sessions for the demo users, the list and count calls,
 * an oracle of what each user may see written from the spec (call-handling.md §6) independently of
 * the scope code under test, and SQL that recounts the lists straight from the rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OutboundCount, OutboundListResponse } from '@cc/contract';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { outboundCalls } from '../../db/schema/index.js';
import type { TestApp } from '../../test/harness.js';

export const USERS = ['admin', 'csr.corporate', 'csr.cof', 'csr.franchise', 'csr.external'] as const;
export type UserName = (typeof USERS)[number];

export const VARIANTS = ['general', 'cof', 'ind'] as const;
export type Variant = (typeof VARIANTS)[number];

export const LIST_PATHS: Record<Variant, string> = {
  general: '/api/call-center/outbound',
  cof: '/api/call-center/outboundcof',
  ind: '/api/call-center/outboundind',
};
export const COUNT_PATHS: Record<Variant, string> = {
  general: '/api/OutboundCall/GetOutboundCallCounts',
  cof: '/api/OutboundCall/GetOutboundcofCallCounts',
  ind: '/api/OutboundCall/GetOutboundindCallCounts',
};

/** The nine outbound call types in the order the counts answer them (call-handling.md §1). */
export const OUTBOUND_TYPES = [
  'Cancel',
  'Upsell',
  'CustomerSurvey',
  'SkippedRounds',
  'WebLead',
  'InboundFollowUp',
  'PropertyEval',
  'CommercialLead',
  'Extract',
] as const;

/** The branches of csr.franchise (company 3) in the seed. */
export const FRANCHISE_USER_BRANCHES = ['SG101', 'SG102'];

export interface Branch {
  branchNo: string;
  designation: 'IND' | 'COF';
}

/**
 * Who sees a branch through which list (call-handling.md §6): a corporate admin and an external CSR
 * everything on the general list (narrowed to a designation by the cof/ind lists), a corporate
 * non-admin the independent franchises, a company-owned user the company-owned ones, an
 * independent-franchise user only their own branches. A variant never widens a scope.
 */
export function visible(user: UserName, variant: Variant, branch: Branch): boolean {
  const cof = branch.designation === 'COF';
  const ind = branch.designation === 'IND';
  switch (user) {
    case 'admin':
    case 'csr.external':
      return variant === 'general' ? true : variant === 'cof' ? cof : ind;
    case 'csr.corporate':
      return variant === 'cof' ? false : ind;
    case 'csr.cof':
      return variant === 'ind' ? false : cof;
    case 'csr.franchise':
      // Their own branches, and through a variant only those of its designation (theirs are IND).
      return FRANCHISE_USER_BRANCHES.includes(branch.branchNo) && variant !== 'cof';
  }
}

/** The listed predicate, written out again from the spec (§5): not the constant under test. */
export const LISTED_SQL = sql.raw(
  `not o.call_complete and o.deleted_at is null and o.cust_no is not null and o.cust_no <> -1 and (o.type <> 'PropertyEval' or o.enable_prop_eval)`,
);

export type Sessions = Record<UserName, string>;

export async function signinAll(t: TestApp): Promise<Sessions> {
  const entries = await Promise.all(USERS.map(async (u) => [u, await t.signin(u)] as const));
  return Object.fromEntries(entries) as Sessions;
}

export async function branchesOf(t: TestApp): Promise<Map<string, Branch>> {
  const rows = rowsOf<Branch>(
    await t.db.execute(sql`select branchno as "branchNo", designation from franchises order by branchno`),
  );
  return new Map(rows.map((r) => [r.branchNo, r]));
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`select user_id as id from users where username = ${username}`),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no user ${username}`);
  return id;
}

export interface Answer<T> {
  status: number;
  body: T;
  response: LightMyRequestResponse;
}

function answer<T>(response: LightMyRequestResponse): Answer<T> {
  return { status: response.statusCode, body: response.json<T>(), response };
}

export async function getJson<T>(t: TestApp, token: string | undefined, url: string): Promise<Answer<T>> {
  return answer<T>(await t.call(token, { method: 'GET', url }));
}

export async function postJson<T>(
  t: TestApp,
  token: string | undefined,
  url: string,
  payload: unknown,
): Promise<Answer<T>> {
  return answer<T>(await t.call(token, { method: 'POST', url, payload: payload as Record<string, unknown> }));
}

/** A list page; throws unless the answer is 200 so a failing call names itself. */
/** The outbound ids of a list page, in its order. */
export const idsOf = (page: OutboundListResponse) => page.data.map((r) => r.OutboundId);

export async function list(
  t: TestApp,
  token: string,
  variant: Variant,
  callType: string,
  query = '',
): Promise<OutboundListResponse> {
  const url = `${LIST_PATHS[variant]}/${callType}?pageSize=1500${query ? `&${query}` : ''}`;
  const a = await getJson<OutboundListResponse>(t, token, url);
  if (a.status !== 200) throw new Error(`GET ${url}: ${a.status} ${a.response.body}`);
  return a.body;
}

export async function counts(t: TestApp, token: string, variant: Variant, branches?: string): Promise<OutboundCount[]> {
  const url = `${COUNT_PATHS[variant]}${branches === undefined ? '' : `?branches=${encodeURIComponent(branches)}`}`;
  const a = await getJson<OutboundCount[]>(t, token, url);
  if (a.status !== 200) throw new Error(`GET ${url}: ${a.status} ${a.response.body}`);
  return a.body;
}

export async function countOf(
  t: TestApp,
  token: string,
  variant: Variant,
  callType: string,
  branches?: string,
): Promise<number> {
  const c = (await counts(t, token, variant, branches)).find((x) => x.CallTypeName === callType);
  if (!c) throw new Error(`no count for ${callType}`);
  return c.count;
}

/** Listed rows per type counted straight from outbound_calls, under an extra condition on `o`. */
export async function sqlCounts(t: TestApp, where: SQL = sql`true`): Promise<Map<string, number>> {
  const rows = rowsOf<{ type: string; n: number }>(
    await t.db.execute(sql`select o.type, count(*)::int as n from outbound_calls o
      join franchises f on f.branchno = o.branchno where ${LISTED_SQL} and ${where} group by o.type`),
  );
  return new Map(rows.map((r) => [r.type, r.n]));
}

/** The oracle as SQL on `f` (the row's franchise), for counting what a user should see. */
export function visibleSql(user: UserName, variant: Variant): SQL {
  switch (user) {
    case 'admin':
    case 'csr.external':
      return variant === 'general' ? sql`true` : sql`f.designation = ${variant === 'cof' ? 'COF' : 'IND'}`;
    case 'csr.corporate':
      return variant === 'cof' ? sql`false` : sql`f.designation = 'IND'`;
    case 'csr.cof':
      return variant === 'ind' ? sql`false` : sql`f.designation = 'COF'`;
    case 'csr.franchise':
      return variant === 'cof' ? sql`false` : sql`f.branchno in ('SG101', 'SG102')`;
  }
}

/**
 * The trigger-kept counts agree with a recount from the rows for every branch and type: answers the
 * differences (empty when consistent).
 */
export async function countsDrift(
  t: TestApp,
): Promise<{ branchno: string; type: string; kept: number; real: number }[]> {
  return rowsOf<{ branchno: string; type: string; kept: number; real: number }>(
    await t.db.execute(sql`
      with real as (select o.branchno, o.type, count(*)::int as n from outbound_calls o where ${LISTED_SQL} group by 1, 2)
      select coalesce(k.branchno, r.branchno) as branchno, coalesce(k.type, r.type) as type,
             coalesce(k.n, 0) as kept, coalesce(r.n, 0) as real
      from outbound_counts k full join real r on r.branchno = k.branchno and r.type = k.type
      where coalesce(k.n, 0) <> coalesce(r.n, 0)`),
  );
}

export type OutboundInsert = typeof outboundCalls.$inferInsert;

/** Insert one outbound row (a listed Cancel call in SG101 unless told otherwise); answers its id. */
export async function insertOutbound(t: TestApp, values: Partial<OutboundInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(outboundCalls)
    .values({
      type: 'Cancel',
      callSource: `Outbound-${values.type ?? 'Cancel'}`,
      branchNo: 'SG101',
      sqldbid: 18001,
      custNo: 990001,
      firstName: 'Test',
      lastName: 'Row',
      callBackDate: new Date('2026-06-01T15:00:00Z'),
      ...values,
    })
    .returning({ id: outboundCalls.outboundId });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}
