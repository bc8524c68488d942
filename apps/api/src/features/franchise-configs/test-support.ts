/** Helpers of the Franchise Maintenance and Resend Emails tests: calls by route name, users, what the feature writes. */
import { sql } from 'drizzle-orm';
import { routes } from '@cc/contract';
import { jsonColumn, rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import { firstSignin } from '../../test/first-signin.js';

export type UtilityRoute =
  | 'getCompanyConfig'
  | 'updateCompanyConfig'
  | 'getInboundFollowUpConfig'
  | 'updateInboundFollowUpConfig'
  | 'getHotProspectConfig'
  | 'updateHotProspectConfig'
  | 'resendEmails'
  | 'getFailedEmails'
  | 'resendEmail';

export const UTILITY_ROUTES: UtilityRoute[] = [
  'getCompanyConfig',
  'updateCompanyConfig',
  'getInboundFollowUpConfig',
  'updateInboundFollowUpConfig',
  'getHotProspectConfig',
  'updateHotProspectConfig',
  'resendEmails',
  'getFailedEmails',
  'resendEmail',
];

/** Call a route of the table by name, with a body when it takes one. */
export function callRoute(t: TestApp, token: string | undefined, name: UtilityRoute, body?: object) {
  const def = routes[name];
  return t.call(token, { method: def.method, url: def.path, ...(body !== undefined ? { payload: body } : {}) });
}

/**
 * A supervisor (role 2) of the company-owned company (2): its scope is the company-owned franchises only. Created by
 * the administrator through user administration, as a real one would be.
 */
export async function companyOwnedSupervisor(t: TestApp, admin: string, username = 'cof_supervisor'): Promise<string> {
  const password = 'Cof-super1!';
  const response = await t.call(admin, {
    method: 'POST',
    url: '/api/users/user/',
    payload: {
      Username: username,
      FirstName: 'Cora',
      LastName: 'Owned',
      Email: `${username}@example.com`,
      BrandId: 1,
      CompanyId: 2,
      RoleId: 2,
      SQLDBID: null,
      Branches: [],
      password,
      confirmPassword: password,
    },
  });
  if (response.statusCode !== 201) throw new Error(`createUser: ${response.statusCode} ${response.body}`);
  return (await firstSignin(t, username, password)).token;
}

/**
 * A supervisor (role 2) of the independent franchise 18001 with its branches SG101 and SG102: those branches only.
 * Written directly (the company's roles offer no role 2 to user administration), with the demo password.
 */
export async function franchiseSupervisor(t: TestApp, username = 'ind_supervisor'): Promise<string> {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into users (username, first_name, last_name, password_hash, brand_id, company_id,
        role_id, sqldbid)
      select ${username}, 'Ines', 'Franchise', password_hash, 1, 3, 2, 18001 from users where username = 'supervisor'
      returning user_id as id`),
  );
  if (!row) throw new Error('insert returned nothing');
  await t.db.execute(
    sql`insert into user_branches (user_id, branchno) values (${row.id}, 'SG101'), (${row.id}, 'SG102')`,
  );
  return t.signin(username);
}

/** The configs and the audit log, as text: equal before and after a refused call means it wrote nothing. */
export async function configSnapshot(t: TestApp): Promise<string> {
  const parts: unknown[] = [];
  for (const query of [
    sql`select * from franchise_configs order by sqldbid`,
    sql`select * from inbound_follow_up_configs order by branchno`,
    sql`select * from hot_prospect_configs order by branchno`,
    sql`select audit_id, entity, entity_id from audit_log order by audit_id`,
    sql`select email_id, status, to_addresses, cc_addresses, attempts from email_outbox order by email_id`,
  ])
    parts.push(rowsOf(await t.db.execute(query)));
  return JSON.stringify(parts);
}

export interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  actor: string;
  before: unknown;
  after: unknown;
}

/** Audit rows written after `afterId`, oldest first. */
export async function auditAfter(t: TestApp, afterId: number): Promise<AuditRow[]> {
  const rows = rowsOf<AuditRow>(
    await t.db.execute(sql`select a.action, a.entity, a.entity_id, u.username as actor, a.before, a.after
      from audit_log a join users u on u.user_id = a.actor_user_id where a.audit_id > ${afterId} order by a.audit_id`),
  );
  return rows.map((r) => ({ ...r, before: jsonColumn(r.before), after: jsonColumn(r.after) }));
}

export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select coalesce(max(audit_id), 0)::int as id from audit_log`),
  );
  return row?.id ?? 0;
}
