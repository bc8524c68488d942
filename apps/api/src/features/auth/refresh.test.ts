/**
 * Browser sessions (decision 022): a short-lived bearer token, a rotating single-use
 * refresh credential in an HttpOnly cookie, reuse ending the session, and the server's idle and absolute
 * limits ending the refresh too. Scripts sign in and use their token as before.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { hashToken } from '../../http/auth.js';
import { REFRESH_GRACE_SECONDS } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  // Behind the README's proxy on the same host (inject's requests come from 127.0.0.1), whose X-Forwarded-Proto
  // says whether the browser used HTTPS.
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});
// Each test starts a day later, so no session of one is alive in the next.
beforeEach(() => t.clock.advance(24 * 3600));

interface Started {
  token: string;
  expiresAt: string;
  tokenExpiresAt: string;
  /** The refresh cookie's value, as the browser keeps it. */
  cookie: string;
  setCookie: string;
}

const ACTIVE = '/api/call-center/call-active';
/** A customer of csr.franchise's branches (the demo data's story customer, decision 002). */
const MARGARET = { sqldbid: 18001, customerNo: 1001 } as const;

async function sessionIdOf(token: string): Promise<string | undefined> {
  const rows = rowsOf<{ session_id: string }>(
    await t.db.execute(sql`select session_id from access_tokens where token_hash = ${hashToken(token)}`),
  );
  return rows[0]?.session_id;
}

async function lockHolder(): Promise<string | null | undefined> {
  const rows = rowsOf<{ session_id: string | null }>(
    await t.db.execute(
      sql`select session_id from call_locks where sqldbid = ${MARGARET.sqldbid} and customer_no = ${MARGARET.customerNo}`,
    ),
  );
  return rows[0]?.session_id;
}

function refreshCookieOf(response: LightMyRequestResponse): { value: string; header: string } {
  const header = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('cc_refresh='));
  if (!header) throw new Error(`no refresh cookie: ${response.statusCode} ${response.body}`);
  return { value: decodeURIComponent(header.slice('cc_refresh='.length).split(';')[0] ?? ''), header };
}

/** The Set-Cookie line of the page-readable cookie that says a session is there. */
function hintCookieOf(response: LightMyRequestResponse): string {
  return [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('cc_session=')) ?? '';
}

async function browserSignin(username: string, headers: Record<string, string> = {}): Promise<Started> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers,
    payload: { username, password: DEMO_PASSWORD, browser: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = refreshCookieOf(response);
  return { ...response.json<Omit<Started, 'cookie' | 'setCookie'>>(), cookie: cookie.value, setCookie: cookie.header };
}

const refresh = (cookie: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers,
    ...(cookie ? { cookies: { cc_refresh: cookie } } : {}),
  });

async function refreshed(cookie: string): Promise<Started> {
  const response = await refresh(cookie);
  expect(response.statusCode, response.body).toBe(200);
  const next = refreshCookieOf(response);
  return { ...response.json<Omit<Started, 'cookie' | 'setCookie'>>(), cookie: next.value, setCookie: next.header };
}

const sessionStatus = async (token: string) =>
  (await t.call(token, { method: 'GET', url: '/api/auth/session' })).statusCode;

const open = (token: string) =>
  t.call(token, { method: 'POST', url: ACTIVE, payload: { ...MARGARET, callType: 'inbound' } });

describe('a browser sign-in', () => {
  it('sets the refresh credential in an HttpOnly, SameSite=Strict cookie sent only to the refresh call', async () => {
    const started = await browserSignin('csr.franchise');
    const attributes = started.setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/auth/refresh', 'max-age=43200']),
    );
    expect(attributes).not.toContain('secure');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    // The answer's body never carries the refresh credential itself.
    const { cookie, setCookie: _setCookie, ...body } = started;
    expect(JSON.stringify(body)).not.toContain(cookie.split('.')[1]);
  });

  it('sets beside it a cookie the page can read, carrying no credential, that says a session is there', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: DEMO_PASSWORD, browser: true },
    });
    const attributes = hintCookieOf(response)
      .split(';')
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['cc_session=1', 'path=/', 'samesite=strict', 'max-age=43200']));
    expect(attributes).not.toContain('httponly');
    const { token } = response.json<{ token: string }>();
    expect(hintCookieOf(await t.call(token, { method: 'POST', url: '/api/auth/signout' }))).toMatch(
      /^cc_session=;.*Path=\//i,
    );
  });

  it('marks the cookie Secure when the request came over HTTPS (X-Forwarded-Proto from the proxy)', async () => {
    const started = await browserSignin('csr.franchise', { 'x-forwarded-proto': 'https' });
    expect(started.setCookie.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
    const next = await refresh(started.cookie, { 'x-forwarded-proto': 'https' });
    expect(refreshCookieOf(next).header.toLowerCase()).toContain('; secure');
  });

  it('gets a bearer token that ends after ACCESS_TOKEN_SECONDS, while the session goes on', async () => {
    const started = await browserSignin('csr.franchise');
    const now = t.clock.now().getTime();
    expect(new Date(started.tokenExpiresAt).getTime() - now).toBe(300_000);
    expect(new Date(started.expiresAt).getTime() - now).toBe(12 * 3600_000);
    expect(await sessionStatus(started.token)).toBe(200);
    t.clock.advance(300);
    const expired = await t.call(started.token, { method: 'GET', url: '/api/auth/session' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ message: string }>().message).toContain('POST /api/auth/refresh');
    const next = await refreshed(started.cookie);
    expect(await sessionStatus(next.token)).toBe(200);
  });
});

describe('POST /api/auth/refresh', () => {
  it('answers a new token and a new credential; the used one is refused after the grace and ends the session', async () => {
    const started = await browserSignin('csr.franchise');
    const next = await refreshed(started.cookie);
    expect(next.token).not.toBe(started.token);
    expect(next.cookie).not.toBe(started.cookie);
    // The session is the same one: same id in both credentials, same absolute end.
    expect(next.cookie.split('.')[0]).toBe(started.cookie.split('.')[0]);
    expect(next.expiresAt).toBe(started.expiresAt);
    expect(await sessionStatus(started.token)).toBe(200);
    expect(await sessionStatus(next.token)).toBe(200);

    t.clock.advance(REFRESH_GRACE_SECONDS + 1);
    const reused = await refresh(started.cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      error: 'UNAUTHENTICATED',
      message: 'This session was ended for safety. Please sign in again.',
    });
    // Both the tokens and the current credential are dead: whoever held the copy has nothing.
    expect(await sessionStatus(next.token)).toBe(401);
    expect(await sessionStatus(started.token)).toBe(401);
    expect((await refresh(next.cookie)).statusCode).toBe(401);
  });

  it('accepts the credential it just replaced within the grace (an answer lost on the way), once the window ends not', async () => {
    const started = await browserSignin('csr.franchise');
    const first = await refreshed(started.cookie);
    // The first answer never arrived: the browser still has the first credential.
    const again = await refreshed(started.cookie);
    expect(await sessionStatus(again.token)).toBe(200);
    // The chain goes on from the second answer; the first one's credential was never delivered.
    t.clock.advance(REFRESH_GRACE_SECONDS + 1);
    const later = await refreshed(again.cookie);
    expect(await sessionStatus(later.token)).toBe(200);
    expect((await refresh(first.cookie)).statusCode).toBe(401);
    expect(await sessionStatus(later.token)).toBe(401);
  });

  it('two refreshes at once with one credential (two tabs) both succeed and the session lives', async () => {
    const started = await browserSignin('csr.franchise');
    const [a, b] = await Promise.all([refresh(started.cookie), refresh(started.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await sessionStatus(a.json<{ token: string }>().token)).toBe(200);
    expect(await sessionStatus(b.json<{ token: string }>().token)).toBe(200);
  });

  it.each([
    ['no cookie', undefined],
    ['a malformed cookie', 'not-a-credential'],
    ['an unknown session', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'],
    ['too many parts', 'a.b.c'],
  ])('refuses %s with 401 and clears the cookie', async (_name, cookie) => {
    const response = await refresh(cookie);
    expect(response.statusCode).toBe(401);
    expect(refreshCookieOf(response).header).toMatch(/cc_refresh=;.*Path=\/api\/auth\/refresh/i);
    expect(hintCookieOf(response)).toMatch(/^cc_session=;.*Path=\//i);
  });

  it.each([
    ['NUL bytes in both parts', '%00.%00'],
    ['a NUL byte in the session id of a live-looking credential', `${'A'.repeat(42)}%00.${'B'.repeat(43)}`],
    ['a broken escape', '%E0%A4%A.x'],
    ['letters outside base64url', '\u00e9t\u00e9.x'],
    ['an empty part', '.abc'],
    ['a very long part', `${'a'.repeat(5000)}.b`],
  ])('refuses a malformed cookie (%s) with 401, clears it and writes nothing', async (_name, raw) => {
    const before = await t.db.execute(sql`select count(*)::int as n from sessions where revoked_at is not null`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `cc_refresh=${raw}` },
    });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    expect(refreshCookieOf(response).header).toMatch(/cc_refresh=;.*Path=\/api\/auth\/refresh/i);
    const after = await t.db.execute(sql`select count(*)::int as n from sessions where revoked_at is not null`);
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });

  it("refuses a script's session, which has no refresh credential", async () => {
    const token = await t.signin('csr.franchise');
    const sessionId = await sessionIdOf(token);
    expect((await refresh(`${sessionId}.whatever`)).statusCode).toBe(401);
    // Guessing at a script's session ends nothing.
    expect(await sessionStatus(token)).toBe(200);
  });

  it('is not activity: refreshing alone does not keep an idle session alive', async () => {
    const started = await browserSignin('csr.franchise');
    let cookie = started.cookie;
    for (let elapsed = 0; elapsed + 240 < 900; elapsed += 240) {
      t.clock.advance(240);
      cookie = (await refreshed(cookie)).cookie;
    }
    t.clock.advance(240);
    const response = await refresh(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'SESSION_EXPIRED',
      message: 'Your session ended after 15 minutes without activity. Please sign in again.',
    });
  });

  it('ends at the absolute limit however active the session was', async () => {
    const started = await browserSignin('csr.franchise');
    let current = started;
    // A request every 4 minutes, the token refreshed before each, for the whole 12 hours.
    while (new Date(started.expiresAt).getTime() - t.clock.now().getTime() > 240_000) {
      t.clock.advance(240);
      current = await refreshed(current.cookie);
      expect(await sessionStatus(current.token)).toBe(200);
    }
    t.clock.advance(240);
    const response = await refresh(current.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'SESSION_EXPIRED',
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it("never hands out a token that outlives the session's absolute end", async () => {
    const started = await browserSignin('csr.franchise');
    let current = started;
    while (new Date(started.expiresAt).getTime() - t.clock.now().getTime() > 100_000) {
      t.clock.advance(Math.min(240, (new Date(started.expiresAt).getTime() - t.clock.now().getTime()) / 1000 - 100));
      current = await refreshed(current.cookie);
      expect(await sessionStatus(current.token)).toBe(200);
    }
    expect(current.tokenExpiresAt).toBe(started.expiresAt);
  });
});

describe('sign-out', () => {
  it('ends the token and the refresh credential, and clears the cookie', async () => {
    const started = await browserSignin('csr.franchise');
    const response = await t.call(started.token, { method: 'POST', url: '/api/auth/signout' });
    expect(response.statusCode).toBe(200);
    expect(refreshCookieOf(response).header).toMatch(/cc_refresh=;.*Path=\/api\/auth\/refresh/i);
    expect(await sessionStatus(started.token)).toBe(401);
    expect((await refresh(started.cookie)).statusCode).toBe(401);
  });
});

describe('call locks', () => {
  it('stay with the session across refreshes, and a reused credential releases them as sign-out does', async () => {
    const started = await browserSignin('csr.franchise');
    expect((await open(started.token)).statusCode).toBe(200);
    const sessionId = await sessionIdOf(started.token);
    const next = await refreshed(started.cookie);
    t.clock.advance(200);
    // The new token renews the same lock: another CSR of the branch is still refused.
    expect((await open(next.token)).statusCode).toBe(200);
    expect(await lockHolder()).toBe(sessionId);
    const other = await t.signin('admin');
    expect((await open(other)).statusCode).toBe(409);

    t.clock.advance(REFRESH_GRACE_SECONDS + 1);
    expect((await refresh(started.cookie)).statusCode).toBe(401);
    expect(await lockHolder()).toBeUndefined();
    expect((await open(other)).statusCode).toBe(200);
    await t.call(other, { method: 'POST', url: '/api/auth/signout' });
  });
});

describe('scripts', () => {
  it('sign in without a cookie and keep one token for the whole session, as before', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const body = response.json<{ token: string; expiresAt: string; tokenExpiresAt: string }>();
    expect(body.tokenExpiresAt).toBe(body.expiresAt);
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(600);
      expect(await sessionStatus(body.token)).toBe(200);
    }
  });
});

describe('security headers', () => {
  const header = (response: LightMyRequestResponse, name: string) => String(response.headers[name] ?? '');

  it('a strict content security policy without inline script, and a permissions policy, on every answer', async () => {
    for (const url of ['/api/client-config', '/api/auth/session', '/healthz', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = header(response, 'content-security-policy');
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives.get('script-src'), url).toEqual(["'self'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp).not.toMatch(/unsafe-eval|\*/);
      expect(header(response, 'permissions-policy')).toMatch(/camera=\(\)/);
      expect(header(response, 'permissions-policy')).toMatch(/geolocation=\(\)/);
      expect(header(response, 'strict-transport-security')).toBe('');
    }
  });

  it('HSTS only when the request came over HTTPS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/client-config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(header(response, 'strict-transport-security')).toBe('max-age=31536000');
  });
});
