/**
 * Every route of the contract, called by every demo account and by nobody, answers what its access rule
 * predicts: 401 without a session, 403 'Access Denied.' when the rule refuses the account, and anything but
 * 401/403 when it lets the account in. The prediction reads the demo accounts as the seed defines them (role,
 * applications, permission values), not as the server loads them, so a server that loads the wrong grants fails here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { routes, type RouteDef } from '@cc/contract';
import { ACCESS, mayAccess } from '@cc/domain';
import { TELEPHONY_SIGNATURE_HEADER, TELEPHONY_TIMESTAMP_HEADER } from '@cc/contract';
import { rowsOf } from '../db/client.js';
import { DEMO_ACCOUNTS } from '../db/seed/reference.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { demoSubject } from './access-test-support.js';

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  // With the phone system's secret set, its events route is on and refuses whatever is not signed with it.
  t = await createTestApp({ env: { TELEPHONY_SECRET: 'the-phone-systems-shared-secret-000000' } });
  for (const account of DEMO_ACCOUNTS) tokens.set(account.username, await t.signin(account.username));
});
afterAll(async () => {
  await t.close();
});

const subjectOf = demoSubject;

const table = Object.entries(routes as Record<string, RouteDef>);
/**
 * Public routes whose credential is a cookie (the refresh cookie, decision 022; the single sign-on's browser binding,
 * decision 038), not a bearer token: without the cookie they answer 401 to anybody, a bearer token included.
 */
const COOKIE_CREDENTIAL = new Set(['refresh', 'ssoFinish']);
/** Public routes whose credential is an API key in the body (decision 027): without it, 401 to anybody. */
const API_KEY_CREDENTIAL = new Set(['getUcms']);
/**
 * Routes whose credential is the shared secret's signature (decision 074): a system outside, no session; anybody
 * without the signature, a bearer token included, is 401.
 */
const SHARED_SECRET = new Set(table.filter(([, def]) => def.access === ACCESS.sharedSecret).map(([name]) => name));
const OWN_CREDENTIAL = new Set([...COOKIE_CREDENTIAL, ...API_KEY_CREDENTIAL, ...SHARED_SECRET]);
// Sign-out ends the session it is called with: it goes last for each account.
const ordered = [...table.filter(([name]) => name !== 'signout'), ...table.filter(([name]) => name === 'signout')];

/**
 * A request that no handler acts on when the rule lets the caller in: path parameters that fail validation where
 * they are numbers, and an empty body. What runs is the guard; a handler that does run only reads or is refused.
 */
function request(def: RouteDef, name: string) {
  const url = def.path.replace(/:([A-Za-z_]\w*)/g, 'x');
  const signed = SHARED_SECRET.has(name)
    ? {
        headers: {
          [TELEPHONY_TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
          [TELEPHONY_SIGNATURE_HEADER]: 'sha256=00',
        },
      }
    : {};
  return { method: def.method, url, ...signed, ...(def.body ? { payload: SAMPLE_BODIES[name] ?? {} } : {}) };
}
/** Valid bodies where the credential is in the body: a wrong key must be refused, not a missing field. */
const SAMPLE_BODIES: Record<string, object> = {
  getUcms: { apiKey: 'a session is not the service key', sqldbid: 18001 },
  // The single sign-on return's credential is the cookie its start set (decision 038).
  ssoFinish: { query: 'code=x&state=y' },
  telephonyEvents: {
    type: 'ringing',
    callId: 'x-1',
    ani: '4025550100',
    agent: 'csr.cof',
    time: '2026-06-15T15:00:00Z',
  },
};

/** The message of a failure: `{error, message}`, or OData's `{error: {code, message}}` under /api/odata/. */
const messageOf = (body: { message?: string; error?: string | { message: string } }) =>
  typeof body.error === 'object' ? body.error.message : body.message;

describe('the access matrix', () => {
  it('serves every route of the contract, once, and nothing else under /api', () => {
    const served = t.app.apiRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    const declared = table.map(([, def]) => `${def.method} ${def.path}`);
    expect([...served].sort()).toEqual([...declared].sort());
    expect(t.app.apiRoutes.every((r) => r.access !== undefined)).toBe(true);
  });

  it.each(ordered.map(([name, def]) => [name, def] as const))('%s', async (name, def) => {
    const anonymous = await t.app.inject(request(def, name));
    if (def.access === 'public' && !OWN_CREDENTIAL.has(name)) expect(anonymous.statusCode).not.toBe(401);
    else expect(anonymous.statusCode).toBe(401);

    const wrong: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const response = await t.call(tokens.get(account.username), request(def, name));
      if (OWN_CREDENTIAL.has(name)) {
        if (response.statusCode !== 401) wrong.push(`${account.username}: a bearer token got ${response.statusCode}`);
        continue;
      }
      const allowed = mayAccess(def.access, subjectOf(account.username));
      const ok = allowed
        ? response.statusCode !== 401 && response.statusCode !== 403
        : response.statusCode === 403 && messageOf(response.json()) === 'Access Denied.';
      if (!ok) wrong.push(`${account.username}: ${allowed ? 'allowed' : 'denied'} but ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('what the rules mean for the demo accounts', () => {
  // Spot checks that do not go through mayAccess, so a rule table that lets everyone in cannot pass.
  // A route whose credential is the shared secret refuses every session alike: it is nobody's to be denied.
  const deniedTo = (username: string) =>
    table
      .filter(([, def]) => def.access !== ACCESS.sharedSecret && !mayAccess(def.access, subjectOf(username)))
      .map(([name]) => name);

  it('the measurer may call nothing of call handling', () => {
    const denied = deniedTo('measurer');
    for (const name of [
      'searchCustomers',
      'customerHistory',
      'updateCustomer',
      'deleteOutbound',
      'endCall',
      'quotes',
    ]) {
      expect(denied).toContain(name);
    }
    const open = table
      .filter(([name, def]) => !denied.includes(name) && def.access !== ACCESS.sharedSecret)
      .map(([, def]) => def.access);
    // MeasureIt's own calls, and the household measurement it shares with the call screen (decision 036).
    expect(new Set(open)).toEqual(
      new Set([
        ACCESS.public,
        ACCESS.signedIn,
        ACCESS.ownSession,
        ACCESS.measureIt,
        ACCESS.measure,
        ACCESS.applyReason,
        ACCESS.measureItOrCall,
      ]),
    );
  });

  it('the user administrator reads no call-centre data', () => {
    expect(deniedTo('usermanager')).toEqual(expect.arrayContaining(['searchCustomers', 'outboundList', 'getCustomer']));
  });

  /**
   * Administration: user administration (roles 1 and 6, and role 1 alone for the audit log and the reference data's
   * writes), the call-centre utilities and the supervisor's floor view (roles 2, 5, 6, 7).
   */
  const administration = (name: string) => {
    const access = routes[name as keyof typeof routes].access;
    return (
      access === ACCESS.userAdmin ||
      access === ACCESS.administrator ||
      access === ACCESS.utilities ||
      access === ACCESS.importCalls ||
      access === ACCESS.measureItUtilities ||
      access === ACCESS.supervisor
    );
  };

  /** MeasureIt's tool (the MeasureIt application): not call handling either (decision 036). */
  const measureItTool = (name: string) =>
    [ACCESS.measureIt, ACCESS.measure, ACCESS.applyReason].some(
      (rule) => routes[name as keyof typeof routes].access === rule,
    );

  it('the user administrator may not read the audit log or change the reference data', () => {
    expect(deniedTo('usermanager')).toEqual(expect.arrayContaining(['auditLog', 'addBrand', 'saveTemplate']));
    expect(deniedTo('usermanager')).not.toContain('listUsers');
  });

  it.each(['admin', 'csr.corporate', 'csr.cof', 'csr.franchise', 'supervisor', 'leadsmanager'])(
    '%s takes calls: nothing of call handling is refused',
    (username) => {
      // Administration (unlocking a sign-in, managing users, the utilities) is not call handling.
      expect(deniedTo(username).filter((name) => !administration(name) && !measureItTool(name))).toEqual([]);
    },
  );

  it('the external CSR (Inbound Calls, no Outbound Calls) is refused the outbound lists only', () => {
    expect(
      deniedTo('csr.external')
        .filter((name) => !administration(name) && !measureItTool(name))
        .every((name) => routes[name as keyof typeof routes].access === ACCESS.outbound),
    ).toBe(true);
    expect(deniedTo('csr.external')).toContain('outboundList');
  });
});

describe('a refused call does nothing', () => {
  // Requests that would succeed for a CSR: the guard, not validation, is what stops them.
  it('the measurer deleting an outbound row and the user administrator searching customers get 403', async () => {
    const [row] = rowsOf<{ outbound_id: number }>(
      await t.db.execute(sql`select outbound_id from outbound_calls
        where deleted_at is null and not call_complete and branchno = 'SG101' and cust_no > 0 limit 1`),
    );
    if (!row) throw new Error('no outbound row');
    const fresh = await t.signin('measurer');
    const refused = await t.call(fresh, {
      method: 'POST',
      url: '/api/call-center/outbound/delete',
      payload: { ids: [row.outbound_id] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: 'Access Denied.' });
    const [after] = rowsOf<{ deleted_at: unknown }>(
      await t.db.execute(sql`select deleted_at from outbound_calls where outbound_id = ${row.outbound_id}`),
    );
    expect(after?.deleted_at).toBeNull();

    const search = await t.call(await t.signin('usermanager'), {
      method: 'POST',
      url: '/api/InboundCall/SearchCustomers',
      payload: { criteria: { lastname: 'Smith' } },
    });
    expect(search.statusCode).toBe(403);
    expect(search.body).not.toMatch(/Smith/i);

    // The same delete by a CSR of the branch goes through: the request itself was good.
    const done = await t.call(await t.signin('csr.franchise'), {
      method: 'POST',
      url: '/api/call-center/outbound/delete',
      payload: { ids: [row.outbound_id] },
    });
    expect(done.statusCode).toBe(200);
  });
});
