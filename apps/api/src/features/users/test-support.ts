/** Helpers of the user-administration tests: calls by name, a valid user form, a snapshot of what the feature writes. */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { rowsOf } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';

export interface Caller {
  token: string;
  userId: number;
}

export async function callerOf(t: TestApp, username: string, password?: string): Promise<Caller> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password: password ?? 'Demo-pass1' },
  });
  if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.body}`);
  const body = response.json<{ token: string; user: { UserId: number } }>();
  return { token: body.token, userId: body.user.UserId };
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [row] = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where lower(username) = ${username.toLowerCase()}`),
  );
  if (!row) throw new Error(`no user ${username}`);
  return row.user_id;
}

/** A complete, valid form for a corporate representative; override what a test needs. */
export function userForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Username: 'new_user',
    FirstName: 'Nora',
    LastName: 'Newman',
    Email: 'nora@example.com',
    phone: '(402) 555-0100 x12',
    BrandId: 3,
    CompanyId: 1,
    RoleId: 3,
    SQLDBID: null,
    Branches: [],
    ...overrides,
  };
}

export const send = (t: TestApp, caller: Caller | undefined, options: InjectOptions) => t.call(caller?.token, options);

/**
 * Everything user administration writes, as text: users (but their timestamps), their branches, applications,
 * permissions, sessions' revocations, the reference tables and the audit log. Equal before and after a refused call
 * means the call wrote nothing.
 */
export async function snapshot(t: TestApp): Promise<string> {
  const tables = [
    sql`select user_id, username, first_name, last_name, email, phone, brand_id, company_id, role_id, sqldbid,
          allow_corporate, allow_franchise, is_admin, allow_verification, measure_it_tool_only, active, password_hash
        from users order by user_id`,
    sql`select * from user_branches order by user_id, branchno`,
    sql`select * from user_applications order by user_id, application_id`,
    sql`select * from user_permissions order by user_id, permission_id`,
    sql`select session_id, revoked_at from sessions order by session_id`,
    sql`select * from brands order by brand_id`,
    sql`select * from companies order by company_id`,
    sql`select * from company_roles order by company_id, role_id`,
    sql`select * from applications order by application_id`,
    sql`select * from permissions order by permission_id`,
    sql`select * from company_role_permission_templates order by company_id, role_id, application_id, permission_id`,
    sql`select * from audit_log order by audit_id`,
  ];
  const parts: unknown[] = [];
  for (const query of tables) parts.push(rowsOf(await t.db.execute(query)));
  return JSON.stringify(parts);
}

/** The audit rows written since `afterId`. */
export async function auditSince(
  t: TestApp,
  afterId: number,
): Promise<
  {
    audit_id: number;
    actor_user_id: number;
    action: string;
    entity: string;
    entity_id: string;
    target_user_id: number | null;
    before: unknown;
    after: unknown;
  }[]
> {
  return rowsOf(await t.db.execute(sql`select * from audit_log where audit_id > ${afterId} order by audit_id`));
}

export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = rowsOf<{ id: number | null }>(await t.db.execute(sql`select max(audit_id) as id from audit_log`));
  return Number(row?.id ?? 0);
}
