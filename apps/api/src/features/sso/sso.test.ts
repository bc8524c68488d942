/**
 * Single sign-on through a real identity server (the demonstration one, oidc-provider, over HTTP; decision 038): the
 * code flow with PKCE, the mapping of the identity to a user, the refusals, sign-out and the hand-offs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IDENTITY_USER_ID_OFFSET } from '@cc/domain';
import { users, userPermissions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { DemoIdentityServer } from '../../demo-identity/server.js';
import {
  cookieOf,
  finish,
  loginAtIdentityServer,
  ssoEnv,
  ssoSignin,
  startTestIdentityServer,
  submitSignOutForm,
  visit,
} from './test-support.js';
import { LINK_AMBIGUOUS, LINK_TAKEN } from './identity.js';

let idp: DemoIdentityServer;
let t: TestApp;
beforeAll(async () => {
  idp = await startTestIdentityServer();
  t = await createTestApp({ env: ssoEnv(idp) });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const identityOf = (username: string) => {
  const identity = idp.identities.find((i) => i.username === username);
  if (!identity) throw new Error(`no identity ${username}`);
  return identity;
};
/** The id of the user an identity's first sign-in makes when it links to no account here. */
const madeIdOf = (username: string) => Number(identityOf(username).sub) + IDENTITY_USER_ID_OFFSET;
/** The id of the account of this application with that username. */
async function userIdOf(username: string): Promise<number> {
  const [row] = await t.db.select({ userId: users.userId }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.userId;
}
const emailOf = (username: string) => String(identityOf(username).claims.email);

describe('signing in through the identity server', () => {
  it('creates the user from the claims at the first sign-in and answers a session of this application', async () => {
    // An email the identity server has not verified links to no account here: the identity gets its own.
    const identity = identityOf('csr.franchise');
    identity.claims = { ...identity.claims, email_verified: false };
    const { response } = await ssoSignin(t, 'csr.franchise', '/current-call/inbound?sqldbid=18001&custNo=5');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; target: string; user: Record<string, unknown> }>();
    expect(body.target).toBe('/current-call/inbound?sqldbid=18001&custNo=5');
    expect(body.user).toMatchObject({
      UserId: madeIdOf('csr.franchise'),
      Username: 'csr.franchise@sso',
      FirstName: 'Riley',
      RoleId: 4,
      BrandId: 1,
      CompanyId: 3,
      SQLDBID: 18001,
      Branches: [{ branchno: 'SG101' }, { branchno: 'SG102' }],
      // The company and role's defaults for its applications, as a local user gets them (decision 055).
      permissions: ['role:4', 'permission:1:false', 'permission:2:false', 'permission:4:true', 'permission:5:false'],
    });
    // A browser session like the sign-in dialog's: the refresh cookie, and a token the API takes.
    expect(cookieOf(response, 'cc_refresh')).toMatch(/\./);
    const session = await t.call(body.token, { method: 'GET', url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
  });

  it('takes the roles, brand and company from the claims again at the next sign-in', async () => {
    const identity = idp.identities.find((i) => i.username === 'csr.external');
    if (!identity) throw new Error('no csr.external');
    const first = await ssoSignin(t, 'csr.external');
    expect(first.response.json<{ user: { RoleId: number; BrandId: number } }>().user).toMatchObject({
      RoleId: 3,
      BrandId: 2,
    });
    identity.claims = { ...identity.claims, permission: ['role:2', 'permission:1:true'], brandid: '1', companyid: '1' };
    const second = await ssoSignin(t, 'csr.external');
    expect(second.response.json<{ user: Record<string, unknown> }>().user).toMatchObject({
      UserId: await userIdOf('csr.external'),
      RoleId: 2,
      BrandId: 1,
      CompanyId: 1,
    });
    const perms = await t.db
      .select()
      .from(userPermissions)
      .where(eq(userPermissions.userId, await userIdOf('csr.external')));
    // The claim's CallCenter.EditPricing over a corporate supervisor's defaults for the applications the user has
    // (Inbound Calls, Call Search, Knowledge Base): CallSearch.AllAgents granted.
    expect(perms.map((p) => [p.permissionId, p.value]).sort()).toEqual([
      [1, 'true'],
      [2, 'true'],
    ]);
  });

  it('signs in as the account here whose email the identity server verified: one account, its username kept', async () => {
    const local = await t.signin('admin');
    const before = await t.db.select({ userId: users.userId }).from(users);
    const { response } = await ssoSignin(t, 'admin');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; user: { UserId: number; Username: string; RoleId: number } }>();
    expect(body.user).toMatchObject({ UserId: await userIdOf('admin'), Username: 'admin', RoleId: 1 });
    // No second account, and the same user whichever way it signs in.
    expect(await t.db.select({ userId: users.userId }).from(users)).toHaveLength(before.length);
    const [dialog, company] = await Promise.all(
      [local, body.token].map(async (token) =>
        (await t.call(token, { method: 'GET', url: '/api/auth/session' })).json<{ user: { UserId: number } }>(),
      ),
    );
    expect(company?.user.UserId).toBe(dialog?.user.UserId);
    // User Management says how each account signs in.
    const signInOf = async (username: string) =>
      (await t.call(local, { method: 'POST', url: '/api/users/', payload: { search: username, pageSize: 100 } }))
        .json<{ data: { Username: string; SignIn: string }[] }>()
        .data.find((row) => row.Username === username)?.SignIn;
    expect(await signInOf('admin')).toBe('both');
    expect(await signInOf('csr.franchise@sso')).toBe('company');
    expect(await signInOf('usermanager')).toBe('password');
    const detail = await t.call(local, { method: 'GET', url: `/api/users/user/${await userIdOf('admin')}` });
    expect(detail.json<{ SignIn: string }>().SignIn).toBe('both');
    // Linked: the next sign-in finds it by the identity, even after the email here changed.
    await t.db
      .update(users)
      .set({ email: 'changed@callcentre.example' })
      .where(eq(users.userId, await userIdOf('admin')));
    const again = await ssoSignin(t, 'admin');
    expect(again.response.json<{ user: { UserId: number } }>().user.UserId).toBe(await userIdOf('admin'));
  });

  it('refuses, rather than guess, when the verified email names two accounts here', async () => {
    await t.db
      .update(users)
      .set({ email: emailOf('usermanager').toUpperCase() })
      .where(eq(users.userId, await userIdOf('leadsmanager')));
    const { response } = await ssoSignin(t, 'usermanager');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(LINK_AMBIGUOUS);
    expect(cookieOf(response, 'cc_refresh')).toBeUndefined();
  });

  it('refuses an identity whose verified email names an account another identity signs in as', async () => {
    await ssoSignin(t, 'csr.cof');
    const other = identityOf('leadsmanager');
    const claims = other.claims;
    other.claims = { ...claims, email: emailOf('csr.cof') };
    try {
      const { response } = await ssoSignin(t, 'leadsmanager');
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toBe(LINK_TAKEN);
    } finally {
      other.claims = claims;
    }
  });

  it('refuses a return presented twice, with no session the second time', async () => {
    const { query, browser, response } = await ssoSignin(t, 'csr.cof');
    expect(response.statusCode).toBe(200);
    const again = await finish(t, query, browser);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ message: string }>().message).toMatch(/already used, has expired or was started elsewhere/);
    expect(cookieOf(again, 'cc_refresh')).toBeUndefined();
  });

  it('refuses a return carried to another browser, an unknown state and a tampered code', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: {} });
    const query = await loginAtIdentityServer(start.json<{ url: string }>().url, 'csr.corporate');
    const elsewhere = await finish(t, query, 'another-browser-binding-0123456789abcdefghijklmno');
    expect(elsewhere.statusCode).toBe(401);

    const start2 = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: {} });
    const browser = cookieOf(start2, 'cc_sso') ?? '';
    const unknown = await finish(t, 'code=abc&state=not-a-state-we-made', browser);
    expect(unknown.statusCode).toBe(401);

    const query2 = await loginAtIdentityServer(start2.json<{ url: string }>().url, 'csr.corporate');
    const params = new URLSearchParams(query2);
    params.set('code', `${params.get('code') ?? ''}x`);
    const tampered = await finish(t, params.toString(), browser);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json<{ message: string }>().message).toMatch(/could not be verified/);
  });

  it('refuses an account disabled here', async () => {
    await ssoSignin(t, 'measurer');
    await t.db
      .update(users)
      .set({ active: false })
      .where(eq(users.userId, await userIdOf('measurer')));
    const { response } = await ssoSignin(t, 'measurer');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toMatch(/disabled/);
  });

  it('is never held to a password change: the identity server, not a local password, signed the user in', async () => {
    await ssoSignin(t, 'supervisor');
    // As after an administrator's reset of the user's local password (decision 064).
    await t.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.userId, await userIdOf('supervisor')));
    const { response } = await ssoSignin(t, 'supervisor');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; user: { mustChangePassword: boolean } }>();
    expect(body.user.mustChangePassword).toBe(false);
    expect((await t.call(body.token, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(200);
  });

  it('returns only to a path of this application', async () => {
    const { response } = await ssoSignin(t, 'csr.cof', 'https://evil.example/x');
    expect(response.json<{ target: string }>().target).toBe('/dashboard');
  });

  it('signs out here and answers the identity server’s logout address', async () => {
    const { response } = await ssoSignin(t, 'supervisor');
    const token = response.json<{ token: string }>().token;
    const out = await t.call(token, { method: 'POST', url: '/api/auth/signout' });
    const logoutUrl = out.json<{ logoutUrl: string }>().logoutUrl;
    expect(logoutUrl.startsWith(`${idp.issuer}/connect/endsession?`)).toBe(true);
    expect(new URL(logoutUrl).searchParams.get('post_logout_redirect_uri')).toBe('http://app.test/?noAuth=true');
    expect(new URL(logoutUrl).searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await t.call(token, { method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
  });

  it('ends the identity server’s session with the logout address alone, so the next sign-in asks again', async () => {
    const { response, jar } = await ssoSignin(t, 'csr.corporate');
    const out = await t.call(response.json<{ token: string }>().token, { method: 'POST', url: '/api/auth/signout' });
    const page = await visit(out.json<{ logoutUrl: string }>().logoutUrl, jar);
    expect(page.status).toBe(200);
    // The page submits itself, answering yes: no question for the user.
    expect(page.body).not.toContain('Sign out of the company sign-in as well?');
    const confirmed = await submitSignOutForm(page.body, idp.issuer, jar);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('http://app.test/?noAuth=true');

    const start = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: {} });
    const authorize = await visit(start.json<{ url: string }>().url, jar);
    const next = await visit(new URL(authorize.location ?? '', idp.issuer).toString(), jar);
    // The identity server's sign-in page, not a straight return to the application.
    expect(next.status).toBe(200);
    expect(next.body).toContain('Company sign-in');
  });

  it('asks before it signs out at the identity server when the application’s ID token is not the hint', async () => {
    const { jar } = await ssoSignin(t, 'csr.corporate');
    const page = await visit(`${idp.issuer}/connect/endsession`, jar);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Sign out of the company sign-in as well?');
    expect(page.body).not.toContain('<input type="hidden" name="logout"');
  });
});

describe('with no identity server configured', () => {
  it('says so and signs in with the dialog alone', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const config = await plain.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(config.json<{ sso: boolean }>().sso).toBe(false);
      const start = await plain.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: {} });
      expect(start.statusCode).toBe(404);
      const token = await plain.signin('admin');
      const out = await plain.call(token, { method: 'POST', url: '/api/auth/signout' });
      expect(out.json()).toEqual({ ok: true, logoutUrl: null });
    } finally {
      await plain.app.close();
    }
  });
});
