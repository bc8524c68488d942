/**
 * A browser's way through the sign-in, for the tests: the app through `inject`, the identity server over real HTTP,
 * following its redirects by hand with a cookie jar and submitting its sign-in form.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { startDemoIdentityServer, type DemoIdentityServer } from '../../demo-identity/server.js';

export const REDIRECT_URL = 'http://app.test/signin-oidc';
export const POST_LOGOUT_URL = 'http://app.test/?noAuth=true';

export async function startTestIdentityServer(): Promise<DemoIdentityServer> {
  return startDemoIdentityServer({
    port: 0,
    clients: [{ clientId: 'callcentre', redirectUris: [REDIRECT_URL], postLogoutRedirectUris: [POST_LOGOUT_URL] }],
  });
}

export function ssoEnv(idp: DemoIdentityServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SSO_ISSUER: idp.issuer,
    SSO_CLIENT_ID: 'callcentre',
    SSO_REDIRECT_URL: REDIRECT_URL,
    SSO_POST_LOGOUT_URL: POST_LOGOUT_URL,
    ...extra,
  };
}

/** The value of a cookie the answer sets. */
export function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found?.slice(name.length + 1).split(';')[0];
}

/** The identity server's cookies of one browser. */
export class Jar {
  private cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Sign in at the identity server from `authorizationUrl` as `username`: answers the query of the return to the
 * redirect URL (code, state, iss), or throws with what the identity server showed instead.
 */
export async function loginAtIdentityServer(
  authorizationUrl: string,
  username: string,
  password = 'Demo-pass1',
  jar = new Jar(),
): Promise<string> {
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(REDIRECT_URL)) return new URL(url).search.slice(1);
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    if (response.status === 200 && url.includes('/interaction/')) {
      await response.text();
      response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      });
      jar.take(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`identity server: ${response.status} ${await response.text()}`);
    await response.body?.cancel();
    url = new URL(location, url).toString();
  }
  throw new Error('identity server: too many redirects');
}

export interface SsoSignin {
  response: LightMyRequestResponse;
  query: string;
  browser: string;
  /** The identity server's cookies: its session, for a sign-out there. */
  jar: Jar;
}

/** The whole sign-in of one browser: start, the identity server, finish. */
export async function ssoSignin(t: TestApp, username: string, target?: string): Promise<SsoSignin> {
  const start = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { target } });
  if (start.statusCode !== 200) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const browser = cookieOf(start, 'cc_sso') ?? '';
  const jar = new Jar();
  const query = await loginAtIdentityServer(start.json<{ url: string }>().url, username, undefined, jar);
  const response = await finish(t, query, browser);
  return { response, query, browser, jar };
}

export function finish(t: TestApp, query: string, browser: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/finish',
    payload: { query },
    headers: { cookie: `cc_sso=${browser}` },
  });
}

/** Where the identity server's first answer to `url` leads this browser: its Location, or its page. */
export async function visit(url: string, jar: Jar): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(response);
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** Submit the sign-out form of the identity server's page as the browser would (its hidden fields as they are). */
export async function submitSignOutForm(page: string, base: string, jar: Jar): Promise<Response> {
  const form = /<form id="op\.logoutForm" method="post" action="([^"]+)">(.*?)<\/form>/s.exec(page);
  if (!form?.[1]) throw new Error(`no sign-out form: ${page}`);
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)) {
    fields.set(input[1] ?? '', input[2] ?? '');
  }
  const response = await fetch(new URL(form[1], base), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  jar.take(response);
  await response.body?.cancel();
  return response;
}
