/** MeasureIt's test support shared by the features' tests (measureit, measureit-search): calls by route name, measurers. */
import { sql } from 'drizzle-orm';
import { routes, type RouteName } from '@cc/contract';
import { rowsOf } from '../db/client.js';
import type { TestApp } from './harness.js';

export function callRoute(t: TestApp, token: string | undefined, name: RouteName, body?: object) {
  const def = routes[name];
  return t.call(token, { method: def.method, url: def.path, ...(body !== undefined ? { payload: body } : {}) });
}

/**
 * `count` measurers (role 8, MeasureIt only) of a company, with the demo password (the demo measurer's hash), signed
 * in: answers their tokens.
 */
export async function measurers(
  t: TestApp,
  prefix: string,
  count: number,
  options: { companyId: number; branches?: string[] },
): Promise<string[]> {
  const ids = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`insert into users (username, first_name, last_name, email, password_hash, brand_id,
        company_id, role_id, sqldbid, measure_it_tool_only)
      select ${prefix} || '_' || i, 'Meas', 'Urer ' || i, ${prefix} || i || '@example.com', u.password_hash, 1,
        ${options.companyId}, 8, null, true
      from users u, generate_series(1, ${count}) i where u.username = 'measurer'
      returning user_id`),
  ).map((r) => r.user_id);
  for (const id of ids) {
    await t.db.execute(sql`insert into user_applications (user_id, application_id) values (${id}, 6)`);
    // The company and role's permissions, as user administration gives a new measurer (MeasureIt.Measure, ApplyReason).
    await t.db.execute(sql`insert into user_permissions (user_id, application_id, permission_id, value)
      select ${id}, application_id, permission_id, default_value from company_role_permission_templates
      where company_id = ${options.companyId} and role_id = 8 and application_id = 6`);
    for (const b of options.branches ?? []) {
      await t.db.execute(sql`insert into user_branches (user_id, branchno) values (${id}, ${b})`);
    }
  }
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) tokens.push(await t.signin(`${prefix}_${i}`));
  return tokens;
}
