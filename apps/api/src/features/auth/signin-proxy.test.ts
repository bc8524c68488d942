/**
 * Whose address the sign-in throttle counts against (decision 059): X-Forwarded-For is believed only from the
 * proxies TRUST_PROXY names, and a username's attempts from every address are slowed, never locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { newUser as makeUser } from './test-support.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const PASSWORD = 'Proxy-pass1';
const WRONG = 'Wrong-pass1';

const signin = (app: TestApp, username: string, password: string, forwardedFor?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

/** A sign-in from another made-up address each time: 203.0.113.1, .2, … */
let next = 0;
const freshAddress = () => `203.0.113.${(next += 1)}`;

/** `inject` comes from 127.0.0.1: the proxy on the same host, as in the README's example. */
const LIMITS = { SIGNIN_LOCK_AFTER: '3', SIGNIN_SLOW_AFTER: '2', SIGNIN_SLOW_MS: '0' };

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp({ env: LIMITS });
  proxied = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' }, database: direct.database });
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

const newUser = (username: string) => makeUser(direct, username, PASSWORD);

async function statuses(app: TestApp, username: string, password: string, addresses: (string | undefined)[]) {
  const result: number[] = [];
  for (const address of addresses) result.push((await signin(app, username, password, address)).statusCode);
  return result;
}

describe('without TRUST_PROXY', () => {
  it('counts a rotating X-Forwarded-For against the socket address: the username locks there', async () => {
    const user = await newUser('proxy_direct');
    expect(await statuses(direct, user, WRONG, [freshAddress(), freshAddress(), freshAddress()])).toEqual([
      401, 401, 429,
    ]);
    expect((await signin(direct, user, PASSWORD, freshAddress())).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-Proto: the refresh cookie is not marked Secure and no HSTS is sent', async () => {
    const response = await direct.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: await newUser('proxy_proto'), password: PASSWORD, browser: true },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).not.toMatch(/;\s*secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores the header from a peer that is not a configured proxy', async () => {
    const elsewhere = await createTestApp({
      env: { ...LIMITS, TRUST_PROXY: '10.9.9.9,192.0.2.0/24' },
      database: direct.database,
    });
    try {
      const user = await newUser('proxy_untrusted');
      expect(await statuses(elsewhere, user, WRONG, [freshAddress(), freshAddress(), freshAddress()])).toEqual([
        401, 401, 429,
      ]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  it('counts against the address the proxy reports, and believes its X-Forwarded-Proto', async () => {
    const user = await newUser('proxy_header');
    const address = freshAddress();
    // The same client through the proxy locks as before; the lock is that client's only.
    expect(await statuses(proxied, user, WRONG, [address, address, address])).toEqual([401, 401, 429]);
    expect((await signin(proxied, user, PASSWORD, address)).statusCode).toBe(429);
    expect((await signin(proxied, user, PASSWORD, freshAddress())).statusCode).toBe(200);

    const secure = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-forwarded-for': freshAddress(), 'x-forwarded-proto': 'https' },
      payload: { username: user, password: PASSWORD, browser: true },
    });
    expect(String(secure.headers['set-cookie'])).toMatch(/;\s*secure/i);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('does not hard-lock a username for everyone: failures from many addresses leave the right password working', async () => {
    const user = await newUser('proxy_nolock');
    const many = Array.from({ length: 8 }, freshAddress);
    expect(await statuses(proxied, user, WRONG, many)).toEqual(many.map(() => 401));
    expect((await signin(proxied, user, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('slows the 4th and later failures for a username however the addresses rotate', async () => {
    const slow = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.1', SIGNIN_SLOW_AFTER: '3', SIGNIN_SLOW_MS: '800', SIGNIN_LOCK_AFTER: '10' },
      database: direct.database,
    });
    try {
      const user = await newUser('proxy_slow');
      const usernameCount = async () =>
        rowsOf(await slow.db.execute(sql`select failures from signin_attempts where username_key = '*|proxy_slow'`));
      expect(await statuses(slow, user, WRONG, [freshAddress(), freshAddress(), freshAddress()])).toEqual([
        401, 401, 401,
      ]);
      let started = Date.now();
      expect((await signin(slow, user, WRONG, freshAddress())).statusCode).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(750);
      expect(await usernameCount()).toEqual([{ failures: 4 }]);
      // The real user, from an address of their own, still gets in: after the wait, not refused.
      started = Date.now();
      expect((await signin(slow, user, PASSWORD, freshAddress())).statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1550);
      // Which starts the username's count from every address again.
      expect(await usernameCount()).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
