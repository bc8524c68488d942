/**
 * What the ID token's checks refuse (decision 038), against a stand-in identity server over HTTP whose token endpoint
 * answers the ID token a test makes: forged (another key), a wrong issuer, a wrong audience, expired, another nonce.
 * One made right is accepted, so the refusals are the checks' and not the stand-in's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload, type CryptoKey } from 'jose';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { REDIRECT_URL, cookieOf, finish } from './test-support.js';

let issuer = '';
let server: http.Server;
let key: CryptoKey;
let otherKey: CryptoKey;
let t: TestApp;
/** The ID token the next token request answers. */
let nextIdToken = '';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    req.resume();
    if (path === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/connect/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    } else if (path === '/jwks') json({ keys: [jwk] });
    else if (path === '/token')
      json({ access_token: 'access-token-of-the-stand-in', token_type: 'Bearer', id_token: nextIdToken });
    else if (path === '/connect/userinfo') json({ sub: '900', preferred_username: 'stand.in', permission: ['role:3'] });
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { SSO_ISSUER: issuer, SSO_CLIENT_ID: 'callcentre', SSO_REDIRECT_URL: REDIRECT_URL },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Start a sign-in, answer the ID token `make` builds from its nonce, and finish it. */
async function signinWith(make: (nonce: string) => Promise<string>) {
  const start = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: {} });
  const authorization = new URL(start.json<{ url: string }>().url);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  nextIdToken = await make(authorization.searchParams.get('nonce') ?? '');
  const state = authorization.searchParams.get('state') ?? '';
  return finish(t, `code=a-code&state=${state}`, cookieOf(start, 'cc_sso') ?? '');
}

function idToken(claims: JWTPayload, signWith: CryptoKey = key) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: issuer, aud: 'callcentre', sub: '900', iat: now, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign(signWith);
}

describe('the ID token', () => {
  it('is accepted when made right', async () => {
    const response = await signinWith((nonce) => idToken({ nonce }));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['forged with another key', (nonce: string) => idToken({ nonce }, otherKey)],
    ['of another issuer', (nonce: string) => idToken({ nonce, iss: 'https://elsewhere.example' })],
    ['for another client', (nonce: string) => idToken({ nonce, aud: 'another-client' })],
    ['expired', (nonce: string) => idToken({ nonce, iat: 1_700_000_000, exp: 1_700_000_300 })],
    ['with another nonce', () => idToken({ nonce: 'not-the-one-sent' })],
  ])('is refused when %s, with no session', async (_name, make) => {
    const response = await signinWith(make);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toMatch(/could not be verified/);
    expect(cookieOf(response, 'cc_refresh')).toBeUndefined();
  });
});
