/**
 * The audit log's names (docs/decisions/100-audit-log-names.md): a page answers, beside its rows, the names of the
 * roles, companies, brands, applications, permissions, users, branches and franchises their before and after hold by
 * id, and each changed user's username; an id whose record does not exist has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callerOf, send, userIdOf, type Caller } from './test-support.js';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await callerOf(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0]!;

describe('the audit log names what its rows hold by id', () => {
  it('answers the names of every kind of id on the page, and the changed user by username', async () => {
    const leads = await userIdOf(t, 'leadsmanager');
    const casey = await userIdOf(t, 'csr.corporate');
    // A grant through the API (its after holds ApplicationId and PermissionId)…
    const granted = await send(t, admin, {
      method: 'PUT',
      url: `/api/userapplicationpermissions/${leads}/application/1/permission/1`,
      payload: { value: 'false' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    // …and a row holding every other kind, as the demo's and the utilities' rows do, with ids that name nothing.
    const branch = await one<{ branchno: string; sqldbid: number; compname: string }>(
      sql`select branchno, sqldbid, compname from franchises where def_comp order by branchno limit 1`,
    );
    await t.db
      .execute(sql`insert into audit_log (at, actor_user_id, action, entity, entity_id, target_user_id, before, after)
      values (${t.clock.now().toISOString()}, ${admin.userId}, 'update', 'user', ${String(leads)}, ${leads},
        ${JSON.stringify({ RoleId: 2, CompanyId: 2, BrandId: 1, Branches: [], SQLDBID: null })}::jsonb,
        ${JSON.stringify({
          RoleId: 9,
          CompanyId: 1,
          BrandId: 3,
          Applications: [1, 2],
          Branches: [branch.branchno, 'NOPE1'],
          SQLDBID: branch.sqldbid,
          callBackCSR: casey,
          Roles: [1, 99999],
          permissions: [{ PermissionId: 1, value: 'true' }],
        })}::jsonb)`);

    const response = await send(t, admin, { method: 'GET', url: `/api/users/audit/?pageSize=2&userId=${leads}` });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AuditResponse>();
    expect(page.data).toHaveLength(2);
    expect(page.data.map((r) => r.targetUsername)).toEqual(['leadsmanager', 'leadsmanager']);

    const named = async (table: string, key: string, name: string, id: number) =>
      (
        await one<{ name: string }>(
          sql`select ${sql.raw(name)} as name from ${sql.raw(table)} where ${sql.raw(key)} = ${id}`,
        )
      ).name;
    expect(page.names.role).toEqual({
      '1': await named('roles', 'role_id', 'description', 1),
      '2': await named('roles', 'role_id', 'description', 2),
      '9': await named('roles', 'role_id', 'description', 9),
    });
    expect(page.names.company).toEqual({
      '1': await named('companies', 'company_id', 'description', 1),
      '2': await named('companies', 'company_id', 'description', 2),
    });
    expect(page.names.brand).toEqual({
      '1': await named('brands', 'brand_id', 'brand_name', 1),
      '3': await named('brands', 'brand_id', 'brand_name', 3),
    });
    expect(page.names.application).toEqual({
      '1': await named('applications', 'application_id', 'name', 1),
      '2': await named('applications', 'application_id', 'name', 2),
    });
    expect(page.names.permission).toEqual({ '1': await named('permissions', 'permission_id', 'name', 1) });
    expect(page.names.user).toEqual({ [String(casey)]: 'csr.corporate' });
    expect(page.names.branch).toEqual({ [branch.branchno]: branch.compname });
    expect(page.names.franchise).toEqual({ [String(branch.sqldbid)]: branch.compname });
  });
});
