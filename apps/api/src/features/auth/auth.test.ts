import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/signin', () => {
  it('answers a token and the user with role and permission entries', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: 'Demo-pass1' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; user: { permissions: string[]; Branches: { branchno: string }[] } }>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user.permissions).toContain('role:4');
    expect(body.user.permissions.some((p) => /^permission:\d+:/.test(p))).toBe(true);
    expect(body.user.Branches).toEqual([{ branchno: 'SG101' }, { branchno: 'SG102' }]);
  });

  it('refuses a wrong password with 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'admin', password: 'wrong' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED', message: 'Invalid username or password.' });
  });
});
