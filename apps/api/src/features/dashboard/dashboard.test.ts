import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATIONS, DEFAULT_APPLICATIONS } from '../../db/seed/reference.js';
import { DEMO_ACCOUNTS } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
/** One session per demo account, made once: reading the dashboard changes nothing. */
const tokens = new Map<string, string>();
const tokenOf = (username: string) => {
  const value = tokens.get(username);
  if (!value) throw new Error(`no session for ${username}`);
  return value;
};
beforeAll(async () => {
  t = await createTestApp();
  for (const account of DEMO_ACCOUNTS) tokens.set(account.username, await t.signin(account.username));
});
afterAll(async () => {
  await t.close();
});

interface App {
  ApplicationId: number;
  Name: string;
  SRef: string;
  URL: string;
}

const dashboard = (token: string | undefined) => t.call(token, { method: 'GET', url: '/api/dashboard' });

describe('GET /api/dashboard', () => {
  it('shows a measurer only MeasureIt', async () => {
    const response = await dashboard(tokenOf('measurer'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      applications: [
        {
          ApplicationId: 6,
          Name: 'MeasureIt',
          Description: 'Measure lawns on the satellite map.',
          SRef: 'searchMeasureIt',
          URL: '/searchMeasureIt',
        },
      ],
    });
  });

  it('shows an administrator all nine applications in order', async () => {
    const response = await dashboard(tokenOf('admin'));
    expect(response.statusCode).toBe(200);
    const { applications } = response.json<{ applications: App[] }>();
    expect(applications.map((a) => a.ApplicationId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(applications.map((a) => a.SRef)).toEqual(APPLICATIONS.map((a) => a.sref));
  });

  it.each(
    DEMO_ACCOUNTS.map(
      (a) => [a.username, a.applications ?? DEFAULT_APPLICATIONS[`${a.companyId}:${a.roleId}`] ?? []] as const,
    ),
  )('%s sees applications %j', async (username, expected) => {
    const token = tokenOf(username);
    const response = await dashboard(token);
    expect(response.statusCode).toBe(200);
    const { applications } = response.json<{ applications: App[] }>();
    expect(applications.map((a) => a.ApplicationId)).toEqual([...expected].sort((x, y) => x - y));
    // The same list the session carries.
    const session = await t.call(token, { method: 'GET', url: '/api/auth/session' });
    expect(session.json<{ user: { Applications: App[] } }>().user.Applications).toEqual(applications);
  });

  it('answers 401 without a session', async () => {
    const response = await dashboard(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
  });

  it('answers 401 after sign-out', async () => {
    const token = await t.signin('csr.cof');
    await t.call(token, { method: 'POST', url: '/api/auth/signout' });
    expect((await dashboard(token)).statusCode).toBe(401);
  });
});
