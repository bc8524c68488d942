/**
 * A lock whose browser died — no heartbeat, no sign-out, no pagehide — is held for
 * CALL_LOCK_RELEASE_SECONDS after its last heartbeat and not a second longer, even while the holder's
 * session lives on (here kept alive by the holder's other requests); then the next CSR opens the call
 * and it stays the first CSR's saved call (docs/decisions/005 and 018).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MARGARET, lockOf, ok, savedCallRow, send, userId, ACTIVE, IS_ACTIVE } from './test-support.js';

const RELEASE = 600;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CALL_LOCK_RELEASE_SECONDS: String(RELEASE), SESSION_IDLE_SECONDS: '900' } });
});
afterAll(async () => {
  await t.close();
});

const OPEN = { ...MARGARET, callType: 'Inbound' };

describe('a lock whose browser died', () => {
  it(`is held for ${RELEASE} s after its last heartbeat, then the next CSR opens the call`, async () => {
    const franchise = await t.signin('csr.franchise');
    const admin = await t.signin('admin');
    await ok(t, franchise, 'POST', ACTIVE, OPEN);

    // The browser is gone; the session is not (another tab of the CSR keeps using it).
    t.clock.advance(RELEASE / 2);
    expect((await send(t, franchise, 'GET', '/api/auth/session')).status).toBe(200);
    t.clock.advance(RELEASE / 2);
    expect(await ok(t, admin, 'POST', IS_ACTIVE, MARGARET)).toMatchObject({ isActive: true, mine: false });
    expect((await send(t, admin, 'POST', ACTIVE, OPEN)).status).toBe(409);

    t.clock.advance(1);
    expect(await ok(t, admin, 'POST', IS_ACTIVE, MARGARET)).toEqual({ isActive: false, mine: false, activeBy: '' });
    await ok(t, admin, 'POST', ACTIVE, OPEN);
    expect(await lockOf(t, MARGARET.sqldbid, MARGARET.customerNo)).toMatchObject({ user_id: await userId(t, 'admin') });
    // The first CSR finds it saved, and held by another.
    expect(await savedCallRow(t, await userId(t, 'csr.franchise'))).toMatchObject({
      sqldbid: MARGARET.sqldbid,
      customer_no: MARGARET.customerNo,
    });
    expect((await send(t, franchise, 'POST', ACTIVE, OPEN)).status).toBe(409);
  });
});
