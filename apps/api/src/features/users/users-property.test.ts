/**
 * A property (decisions 026 and 056): whatever sequence of calls a user manager (role 6) makes — creating,
 * saving, granting, resetting, deleting, unlocking, aimed at anyone, administrators and itself included — no user
 * ends up with role 1 that did not have it, nothing an administrator has changes, no user gains an application or a
 * permission value the manager does not hold itself, no user gets price edits, a company beyond the manager's reach
 * or a CSR flag, and no demo user but the manager itself (each has a right the manager lacks) changes at all. One app
 * and database for all runs; the state carries over from run to run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callerOf, send, userForm, type Caller } from './test-support.js';

let t: TestApp;
let manager: Caller;
/** What the manager holds: usermanager's template applications, no permission. */
const MANAGER_APPS = [4, 5, 8, 9];
let initial: { admins: string; apps: Set<string>; perms: Set<string>; others: string };

async function state() {
  const admins = JSON.stringify(
    rowsOf(
      await t.db.execute(sql`select u.*, (select json_agg(a order by a.application_id) from user_applications a
      where a.user_id = u.user_id) as apps, (select json_agg(p order by p.permission_id) from user_permissions p
      where p.user_id = u.user_id) as perms from users u where u.role_id = 1 and u.active order by u.user_id`),
    ),
  );
  const apps = new Set(
    rowsOf<{ k: string }>(
      await t.db.execute(sql`select user_id || ':' || application_id as k from user_applications`),
    ).map((r) => r.k),
  );
  const perms = new Set(
    rowsOf<{ k: string }>(
      await t.db.execute(sql`select p.user_id || ':' || p.permission_id || ':' || p.value as k from user_permissions p
        join permissions d on d.permission_id = p.permission_id where p.value <> d.values->>'falsevalue'`),
    ).map((r) => r.k),
  );
  // The demo users but usermanager, with their grants and password hashes: each has a right the manager lacks.
  const others = JSON.stringify(
    rowsOf(
      await t.db.execute(sql`select u.*, (select json_agg(a order by a.application_id) from user_applications a
      where a.user_id = u.user_id) as apps, (select json_agg(p order by p.permission_id) from user_permissions p
      where p.user_id = u.user_id) as perms, (select json_agg(b order by b.branchno) from user_branches b
      where b.user_id = u.user_id) as branches from users u
      where u.username in ('admin', 'csr.corporate', 'csr.cof', 'csr.franchise', 'csr.external', 'supervisor',
        'leadsmanager', 'measurer') order by u.user_id`),
    ),
  );
  return { admins, apps, perms, others };
}

/** Users the runs made or changed with price edits, a reach beyond the corporate IND scope, or a widening flag. */
async function escalated(): Promise<unknown[]> {
  return rowsOf(
    await t.db.execute(sql`select username, role_id, company_id, allow_corporate, allow_franchise, is_admin,
      allow_verification from users where username like 'prop\_%' and (role_id = 1 or company_id in (2, 4)
      or (role_id = 9 and exists (select 1 from user_permissions p where p.user_id = users.user_id
        and p.permission_id = 1 and p.value = 'true'))
      or allow_corporate or allow_franchise or is_admin or allow_verification)`),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await callerOf(t, 'usermanager');
  initial = await state();
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const userIds = async () =>
  rowsOf<{ id: number }>(await t.db.execute(sql`select user_id as id from users order by user_id`)).map((r) => r.id);

interface Flags {
  allowCorporate: boolean;
  isAdmin: boolean;
  allowVerification: boolean;
}
type Command =
  | { kind: 'create'; role: number; company: number; apps: number[]; perm: number; value: string; flags: Flags }
  | {
      kind: 'update';
      pick: number;
      role: number;
      company: number;
      apps: number[];
      perm: number;
      value: string;
      flags: Flags;
    }
  | { kind: 'unlock'; pick: number }
  | { kind: 'addApp'; pick: number; app: number }
  | { kind: 'setPerm'; pick: number; perm: number; value: string }
  | { kind: 'reset'; pick: number }
  | { kind: 'delete'; pick: number };

const role = fc.constantFrom(1, 1, 2, 3, 5, 6, 7, 8, 9);
const apps = fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9], { maxLength: 4 });
const perm = fc.integer({ min: 1, max: 5 });
const value = fc.constantFrom('true', 'false');
const pick = fc.nat();
const company = fc.constantFrom(1, 1, 2, 4);
/** Mostly off: a flag the manager lacks is refused, so most forms carry none and some calls go through. */
const rarely = fc.constantFrom(false, false, false, true);
const flags = fc.record({ allowCorporate: rarely, isAdmin: rarely, allowVerification: rarely });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), role, company, apps, perm, value, flags }),
  fc.record({ kind: fc.constant('update' as const), pick, role, company, apps, perm, value, flags }),
  fc.record({ kind: fc.constant('unlock' as const), pick }),
  fc.record({ kind: fc.constant('addApp' as const), pick, app: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('setPerm' as const), pick, perm, value }),
  fc.record({ kind: fc.constant('reset' as const), pick }),
  fc.record({ kind: fc.constant('delete' as const), pick }),
);

/** The application a permission belongs to (the seed's permissions 1-5). */
const APP_OF: Record<number, number> = { 1: 1, 2: 3, 3: 4, 4: 6, 5: 6 };

async function run(c: Command): Promise<number> {
  const ids = await userIds();
  const target = 'pick' in c ? (ids[c.pick % ids.length] ?? 1) : 0;
  const grants = (p: number, v: string) => [{ ApplicationId: APP_OF[p] ?? 1, PermissionId: p, value: v }];
  switch (c.kind) {
    case 'create': {
      const form = userForm({
        Username: `prop_${++serial}`,
        CompanyId: c.company,
        RoleId: c.role,
        Applications: c.apps,
        permissions: grants(c.perm, c.value),
        ...c.flags,
      });
      return (await send(t, manager, { method: 'POST', url: '/api/users/user/', payload: form })).statusCode;
    }
    case 'update': {
      const form = userForm({
        Username: `prop_${++serial}`,
        CompanyId: c.company,
        RoleId: c.role,
        Applications: c.apps,
        permissions: grants(c.perm, c.value),
        ...c.flags,
      });
      return (await send(t, manager, { method: 'PUT', url: `/api/users/${target}`, payload: form })).statusCode;
    }
    case 'addApp':
      return (await send(t, manager, { method: 'PUT', url: `/api/user/${target}/application/${c.app}` })).statusCode;
    case 'setPerm':
      return (
        await send(t, manager, {
          method: 'PUT',
          url: `/api/userapplicationpermissions/${target}/application/${APP_OF[c.perm] ?? 1}/permission/${c.perm}`,
          payload: { value: c.value },
        })
      ).statusCode;
    case 'reset':
      return (
        await send(t, manager, {
          method: 'PUT',
          url: `/api/users/${target}/password/`,
          payload: { password: 'Prop-pass1', confirmPassword: 'Prop-pass1' },
        })
      ).statusCode;
    case 'delete':
      return (await send(t, manager, { method: 'DELETE', url: `/api/user/${target}` })).statusCode;
    case 'unlock': {
      const [row] = rowsOf<{ username: string }>(
        await t.db.execute(sql`select username from users where user_id = ${target}`),
      );
      const payload = { username: row?.username ?? 'nobody' };
      return (await send(t, manager, { method: 'POST', url: '/api/auth/unlock', payload })).statusCode;
    }
  }
}

describe('no sequence of user-manager calls escalates', () => {
  it('yields no new administrator, no change to one, no grant the manager lacks', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 6 }), async (commands) => {
        for (const c of commands) {
          const status = await run(c);
          statuses.add(status);
          expect(status).toBeLessThan(500);
        }
        const now = await state();
        expect(now.admins).toBe(initial.admins);
        for (const key of now.apps) {
          if (initial.apps.has(key)) continue;
          expect(MANAGER_APPS, `application grant ${key}`).toContain(Number(key.split(':')[1]));
        }
        expect([...now.perms].filter((k) => !initial.perms.has(k))).toEqual([]);
        expect(now.others).toBe(initial.others);
        expect(await escalated()).toEqual([]);
      }),
      { numRuns: 15, seed: 20_261_215 },
    );
    // The runs did both: some calls went through, some were refused.
    expect([...statuses].some((s) => s < 300)).toBe(true);
    expect(statuses.has(403)).toBe(true);
  });
});
