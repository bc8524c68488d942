/** Helpers of the assignment and callback tests: sessions, calls by path, a franchise-bound supervisor, SQL oracles. */
import { sql, type SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

export const U = '/api/Utilities';

export interface Answer<T> {
  status: number;
  body: T;
  response: LightMyRequestResponse;
}

export async function call<T = unknown>(
  t: TestApp,
  token: string | undefined,
  options: InjectOptions,
): Promise<Answer<T>> {
  const response = await t.call(token, options);
  return { status: response.statusCode, body: response.json<T>(), response };
}

export const get = <T = unknown>(t: TestApp, token: string | undefined, url: string) =>
  call<T>(t, token, { method: 'GET', url });
export const post = <T = unknown>(t: TestApp, token: string | undefined, url: string, payload: unknown) =>
  call<T>(t, token, { method: 'POST', url, payload: payload as Record<string, unknown> });

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select user_id as id from users where username = ${username}`),
  );
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/**
 * A supervisor (role 2) of the independent franchise 18001 bound to branch SG101 only, with the demo password: the
 * franchise scope inside the utilities (decision 065).
 */
export async function addFranchiseSupervisor(t: TestApp, username = 'franchise.sup'): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into users (username, first_name, last_name, password_hash, brand_id, company_id,
        role_id, sqldbid)
      select ${username}, 'Frances', 'Supervisor', password_hash, 1, 3, 2, 18001 from users where username = 'supervisor'
      returning user_id as id`),
  );
  if (!row) throw new Error('insert returned nothing');
  await t.db.execute(sql`insert into user_branches (user_id, branchno) values (${row.id}, 'SG101')`);
  await t.db.execute(sql`insert into user_applications (user_id, application_id) values (${row.id}, 4)`);
  return row.id;
}

/** The listed predicate written out again (call-handling.md §5, decision 004): not the constant under test. */
export const LISTED_SQL = sql.raw(
  `not o.call_complete and o.deleted_at is null and o.cust_no is not null and o.cust_no <> -1 and (o.type <> 'PropertyEval' or o.enable_prop_eval)`,
);

/** One group's open calls and attempts, recounted from the rows. */
export async function groupFigures(t: TestApp, branch: string, type: string, source: string) {
  const [row] = rowsOf<{ open: number; attempts: number; without: number }>(
    await t.db.execute(sql`select count(*)::int as open, coalesce(sum(o.call_attempts), 0)::int as attempts,
        (count(*) filter (where o.call_attempts = 0))::int as without
      from outbound_calls o where ${LISTED_SQL} and o.branchno = ${branch} and o.type = ${type} and o.call_source = ${source}`),
  );
  return row ?? { open: 0, attempts: 0, without: 0 };
}

export async function count(t: TestApp, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.db.execute(query));
  return row?.n ?? 0;
}

export async function maxAuditId(t: TestApp): Promise<number> {
  return count(t, sql`select coalesce(max(audit_id), 0)::int as n from audit_log`);
}

export async function auditSince(t: TestApp, afterId: number) {
  return rowsOf<{
    action: string;
    entity: string;
    entity_id: string;
    actor_user_id: number;
    before: unknown;
    after: unknown;
  }>(
    await t.db.execute(sql`select action, entity, entity_id, actor_user_id, before, after from audit_log
      where audit_id > ${afterId} order by audit_id`),
  );
}

/** Everything these calls write, as text: equal before and after a refused call means it wrote nothing. */
export async function snapshot(t: TestApp): Promise<string> {
  const parts = [];
  for (const q of [
    sql`select * from csr_assignments order by assignment_id`,
    sql`select outbound_id, call_complete, call_back_csr, call_status from outbound_calls order by outbound_id`,
    sql`select web_lead_id, status from web_leads order by web_lead_id`,
    sql`select audit_id from audit_log order by audit_id`,
  ]) {
    parts.push(rowsOf(await t.db.execute(q)));
  }
  return JSON.stringify(parts);
}
