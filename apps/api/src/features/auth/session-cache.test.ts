/**
 * The session cache (decision 042), through the real routes: a cached session is refused right
 * after sign-out, and a change of the user's role, branches, applications or permissions shows in the next request;
 * on PostgreSQL also across two app instances sharing one database, and after the notices listener's connection
 * dropped (the cache is emptied when it comes back, since notices may have been missed).
 */
import { sql } from 'drizzle-orm';
import { App, Role } from '@cc/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSignin } from '../../test/first-signin.js';
import { createTestApp, createTestDatabase, engine, type TestApp, type TestDatabase } from '../../test/harness.js';

interface Caller {
  token: string;
  userId: number;
}

async function callerOf(t: TestApp, username: string, password = 'Demo-pass1'): Promise<Caller> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.body}`);
  const body = response.json<{ token: string; user: { UserId: number } }>();
  return { token: body.token, userId: body.user.UserId };
}

/** The user form (user administration's), a corporate representative unless overridden. */
const userForm = (overrides: Record<string, unknown>): Record<string, unknown> => ({
  FirstName: 'Nora',
  LastName: 'Newman',
  Email: 'nora@example.com',
  phone: '(402) 555-0100',
  BrandId: 3,
  CompanyId: 1,
  RoleId: Role.Representative,
  SQLDBID: null,
  Branches: [],
  ...overrides,
});

let database: TestDatabase;
let a: TestApp;
let admin: Caller;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await createTestApp({ database });
  admin = await callerOf(a, 'admin');
});
afterAll(async () => {
  await a.close();
  await database.close();
});

const PASSWORD = 'Cache-pass1';

/** A franchise user of SG101 and SG103 with the Inbound Calls and Call Search applications, and its form. */
async function franchiseUser(): Promise<{ caller: Caller; form: Record<string, unknown> }> {
  const form = userForm({
    Username: `cache_f${++serial}`,
    CompanyId: 3,
    RoleId: Role.FranchiseUser,
    SQLDBID: 18001,
    Branches: ['SG101', 'SG103'],
    Applications: [App.InboundCalls],
    allowFranchise: true,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const created = await a.call(admin.token, { method: 'POST', url: '/api/users/user/', payload: form });
  expect(created.statusCode, created.body).toBe(201);
  return { caller: await firstSignin(a, String(form.Username), PASSWORD), form };
}

/** A corporate representative with Inbound Calls and Call Search, without CallSearch.AllAgents. */
async function corporateUser(): Promise<{ caller: Caller; form: Record<string, unknown> }> {
  const form = userForm({
    Username: `cache_c${++serial}`,
    Applications: [App.InboundCalls, App.CallSearch],
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const created = await a.call(admin.token, { method: 'POST', url: '/api/users/user/', payload: form });
  expect(created.statusCode, created.body).toBe(201);
  return { caller: await firstSignin(a, String(form.Username), PASSWORD), form };
}

/**
 * A request as the user under test, straight to the app: not through `t.call`, which on PostgreSQL first waits for
 * every notice (harness.ts), so that these tests see what the process itself does at once.
 */
const as = (t: TestApp, caller: Caller, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${caller.token}` } });

const franchises = async (t: TestApp, caller: Caller) => {
  const response = await as(t, caller, { method: 'GET', url: '/api/inbound/franchises?prefix=SG10' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ franchises: { branchNo: string }[] }>().franchises.map((f) => f.branchNo);
};
const formatAddress = (t: TestApp, caller: Caller) =>
  as(t, caller, {
    method: 'POST',
    url: '/api/inbound/formatAddress',
    payload: { houseNo: '1420', streetName: 'Ogden' },
  });
const floor = (t: TestApp, caller: Caller) => as(t, caller, { method: 'GET', url: '/api/supervisor/floor' });
const callCount = async (t: TestApp, caller: Caller) => {
  const response = await as(t, caller, {
    method: 'GET',
    url: '/api/odata/GetSearchOutboundCalls?$count=true&$top=1',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ '@odata.count': number }>()['@odata.count'];
};

/** Wait until `t` has heard every notice committed so far (PostgreSQL delivers them in commit order). */
const heard = (t: TestApp) =>
  t.app.sessionCache.fence(async (channel, payload) => {
    await t.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  });

describe('one app instance', () => {
  it('a cached session is refused right after sign-out', async () => {
    const { caller } = await franchiseUser();
    expect((await formatAddress(a, caller)).statusCode).toBe(200);
    expect((await formatAddress(a, caller)).statusCode).toBe(200);
    expect(a.app.sessionCache.size).toBeGreaterThan(0);
    expect((await as(a, caller, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
    expect((await formatAddress(a, caller)).statusCode).toBe(401);
  });

  it('the next request sees new branches, a removed and an added application, a new role and a permission', async () => {
    const { caller, form } = await franchiseUser();
    expect(await franchises(a, caller)).toEqual(['SG101', 'SG103']);
    const saved = await a.call(admin.token, {
      method: 'PUT',
      url: `/api/users/${caller.userId}`,
      payload: { ...form, Branches: ['SG101'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await franchises(a, caller)).toEqual(['SG101']);

    expect((await formatAddress(a, caller)).statusCode).toBe(200);
    const removed = await a.call(admin.token, {
      method: 'DELETE',
      url: `/api/user/${caller.userId}/application/${App.InboundCalls}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await formatAddress(a, caller)).statusCode).toBe(403);
    const added = await a.call(admin.token, {
      method: 'PUT',
      url: `/api/user/${caller.userId}/application/${App.InboundCalls}`,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await formatAddress(a, caller)).statusCode).toBe(200);

    const corporate = await corporateUser();
    expect((await floor(a, corporate.caller)).statusCode).toBe(403);
    const promoted = await a.call(admin.token, {
      method: 'PUT',
      url: `/api/users/${corporate.caller.userId}`,
      payload: { ...corporate.form, RoleId: Role.Supervisor },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await floor(a, corporate.caller)).statusCode).toBe(200);

    expect(await callCount(a, corporate.caller)).toBe(0);
    const granted = await a.call(admin.token, {
      method: 'PUT',
      url: `/api/userapplicationpermissions/${corporate.caller.userId}/application/${App.CallSearch}/permission/2`,
      payload: { value: 'true' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await callCount(a, corporate.caller)).toBeGreaterThan(0);
  });

  it('a change made behind the application, in SQL, is heard through the triggers', async () => {
    const { caller } = await franchiseUser();
    expect(await franchises(a, caller)).toEqual(['SG101', 'SG103']);
    await a.db.execute(sql`delete from user_branches where user_id = ${caller.userId} and branchno = 'SG103'`);
    await heard(a);
    expect(await franchises(a, caller)).toEqual(['SG101']);
    await a.db.execute(sql`update users set active = false where user_id = ${caller.userId}`);
    await heard(a);
    expect((await formatAddress(a, caller)).statusCode).toBe(401);
  });

  it('the idle limit still holds for a cached session, and activity keeps it alive', async () => {
    // An instance whose entries outlive the idle limit, so that the entry's own idle check is what refuses.
    const c = await createTestApp({ database, env: { SESSION_IDLE_SECONDS: '20', SESSION_CACHE_SECONDS: '300' } });
    try {
      const { caller } = await franchiseUser();
      expect((await formatAddress(c, caller)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        c.clock.advance(16);
        expect((await formatAddress(c, caller)).statusCode).toBe(200);
      }
      c.clock.advance(15);
      expect((await formatAddress(c, caller)).statusCode).toBe(200);
      c.clock.advance(21);
      expect((await formatAddress(c, caller)).statusCode).toBe(401);
    } finally {
      await c.close();
    }
  });
});

const TWO_INSTANCES = 'two app instances on one PostgreSQL database (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(TWO_INSTANCES, () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({ database });
  });
  afterAll(async () => {
    await b.close();
  });

  it('a sign-out on one instance ends the session cached by the other', async () => {
    const { caller } = await franchiseUser();
    // The notice of the user's first password change (its session no longer held) may reach b during its first
    // request, which then keeps nothing; once it is heard, the second request's entry stays.
    expect((await formatAddress(b, caller)).statusCode).toBe(200);
    await heard(b);
    expect((await formatAddress(b, caller)).statusCode).toBe(200);
    expect(b.app.sessionCache.size).toBeGreaterThan(0);
    expect((await as(a, caller, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
    await heard(b);
    expect((await formatAddress(b, caller)).statusCode).toBe(401);
  });

  it('a change of rights made through one instance shows in the next request to the other', async () => {
    const { caller, form } = await franchiseUser();
    expect(await franchises(b, caller)).toEqual(['SG101', 'SG103']);
    const saved = await a.call(admin.token, {
      method: 'PUT',
      url: `/api/users/${caller.userId}`,
      payload: { ...form, Branches: ['SG103'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await heard(b);
    expect(await franchises(b, caller)).toEqual(['SG103']);

    expect((await formatAddress(b, caller)).statusCode).toBe(200);
    const removed = await a.call(admin.token, {
      method: 'DELETE',
      url: `/api/user/${caller.userId}/application/${App.InboundCalls}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await heard(b);
    expect((await formatAddress(b, caller)).statusCode).toBe(403);
  });

  it('after the listener’s connection drops and comes back, the cache is emptied', async () => {
    const { caller } = await franchiseUser();
    expect(await franchises(b, caller)).toEqual(['SG101', 'SG103']);
    expect(b.app.sessionCache.size).toBeGreaterThan(0);
    const before = b.app.notices.reconnects;
    // Both instances' listeners go (the test's own database), and the change below is made while they are away, so
    // its notice reaches nobody.
    await b.db.execute(sql`select pg_terminate_backend(pid, 5000) from pg_stat_activity
      where application_name = 'cc-notices-listener' and datname = current_database()`);
    await b.db.execute(sql`delete from user_branches where user_id = ${caller.userId} and branchno = 'SG101'`);
    const deadline = Date.now() + 10_000;
    while (b.app.notices.reconnects === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(b.app.notices.reconnects).toBe(before + 1);
    expect(b.app.sessionCache.size).toBe(0);
    expect(await franchises(b, caller)).toEqual(['SG103']);
  });
});
