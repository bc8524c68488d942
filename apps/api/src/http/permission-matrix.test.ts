/**
 * Every permission a user can be given governs something, and the routes that declare it do what it says (decision
 * 055): a route whose rule names a permission is refused with 'Access Denied.' to a user whose value is not granted
 * and served to the same user once it is, changed through user administration as an administrator changes it. A
 * permission the route only reads (price edits, every agent's calls) is proven by its feature's tests, named here so
 * that a new route declaring it cannot go unproven.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@cc/contract';
import { isAdministrator, mayAccess, needsSession, Permission, type AccessRule } from '@cc/domain';
import { DEMO_ACCOUNTS, PERMISSIONS } from '../db/seed/reference.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { setPermission } from '../test/permissions.js';
import { demoSubject } from './access-test-support.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

const table = Object.entries(routes as Record<string, RouteDef>);
const rules = table.flatMap(([name, def]) => (needsSession(def.access) ? [[name, def.access] as const] : []));
const gated = rules.filter(([, rule]) => rule.permission !== undefined);

/** The routes that read a permission, and the tests that prove each does what the permission says. */
const READ_BY: Record<number, Record<string, string>> = {
  [Permission.EditPricing]: {
    customerQuote: 'pricing/pricing.test.ts: a user whose CallCenter.EditPricing is not granted',
    endCall: 'end-call/end-call-prospects.test.ts: CallCenter.EditPricing taken away',
    updateOrder: 'end-call/orders.test.ts: CallCenter.EditPricing decides within the rule',
    createOrderLine: 'end-call/orders.test.ts: CallCenter.EditPricing decides within the rule',
    updateOrderLine: 'end-call/orders.test.ts: CallCenter.EditPricing decides within the rule',
    patchOrderLine: 'end-call/orders.test.ts: CallCenter.EditPricing decides within the rule',
  },
  [Permission.AllAgents]: {
    searchOutboundCalls: 'call-search/call-search-all-agents.test.ts: CallSearch.AllAgents granted and taken away',
    exportOutboundCalls: 'call-search/call-search-all-agents.test.ts: CallSearch.AllAgents granted and taken away',
    callView: 'call-search/call-view.test.ts: CallSearch.AllAgents: without it only the caller’s own calls',
  },
};

describe('every permission governs a route', () => {
  it('each permission of the reference data is declared by a route, and each declared one exists', () => {
    const declared = new Set<number>();
    for (const [, rule] of rules) {
      if (rule.permission) declared.add(rule.permission.id);
      for (const id of rule.reads ?? []) declared.add(id);
    }
    expect([...declared].sort()).toEqual(PERMISSIONS.map((p) => p.permissionId).sort());
    expect(Object.values(Permission).sort()).toEqual(PERMISSIONS.map((p) => p.permissionId).sort());
  });

  it('every route that reads a permission has the test that proves it', () => {
    for (const id of Object.values(Permission)) {
      const reading = rules.filter(([, rule]) => rule.reads?.includes(id)).map(([name]) => name);
      expect(reading.sort()).toEqual(Object.keys(READ_BY[id] ?? {}).sort());
    }
  });
});

/** A request the guard decides: numbers in the path that fail validation, and an empty body (nothing is written). */
function request(def: RouteDef) {
  return { method: def.method, url: def.path.replace(/:([A-Za-z_]\w*)/g, 'x'), ...(def.body ? { payload: {} } : {}) };
}

/** A demo account, not an administrator (role 1 passes every permission check), that passes the rule but for it. */
function accountFor(rule: AccessRule): string {
  const { permission, ...rest } = rule;
  const account = DEMO_ACCOUNTS.find((a) => {
    const subject = demoSubject(a.username);
    return !isAdministrator(subject.permissions) && mayAccess(rest, subject);
  });
  if (!account || !permission) throw new Error(`no account for ${rule.name}`);
  return account.username;
}

describe.each(gated.map(([name, rule]) => [name, rule] as const))('%s', (name, rule) => {
  it(`is refused without ${rule.name.split(' with ')[1] ?? 'its permission'} and served with it`, async () => {
    const username = accountFor(rule);
    const id = rule.permission!.id;
    const def = routes[name as keyof typeof routes] as RouteDef;
    const token = await t.signin(username);
    await setPermission(t, admin, username, id, 'false');
    const refused = await t.call(token, request(def));
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).toContain('Access Denied.');

    await setPermission(t, admin, username, id, 'true');
    const served = await t.call(token, request(def));
    expect([401, 403]).not.toContain(served.statusCode);
  });
});

it('an administrator passes every permission check without holding it', async () => {
  for (const [name, rule] of gated) {
    await setPermission(t, admin, 'admin', rule.permission!.id, 'false');
    const def = routes[name as keyof typeof routes] as RouteDef;
    const response = await t.call(admin, request(def));
    expect([401, 403], name).not.toContain(response.statusCode);
  }
});
