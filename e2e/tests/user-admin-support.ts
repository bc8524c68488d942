/** What the user-administration journeys share: an administrator's token, and users made through the API. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, uniqueUsername } from './helpers.js';

export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/signin', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

export interface MadeUser {
  UserId: number;
  Username: string;
  password: string;
}

/** A user made by the administrator through createUser (default password unless one is given). */
export async function makeUser(
  request: APIRequestContext,
  prefix: string,
  fields: {
    CompanyId?: number;
    RoleId?: number;
    Applications?: number[];
    Branches?: string[];
    permissions?: unknown[];
  } = {},
): Promise<MadeUser> {
  const token = await apiToken(request, 'admin');
  const Username = uniqueUsername(prefix);
  const response = await request.post('/api/users/user/', {
    headers: { authorization: `Bearer ${token}` },
    data: { Username, FirstName: 'Tess', LastName: 'Made', CompanyId: 1, RoleId: 3, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { user: { UserId: number }; defaultPassword: string };
  return { UserId: body.user.UserId, Username, password: body.defaultPassword };
}

/** The user as the server has it now. */
export async function readUser(request: APIRequestContext, userId: number) {
  const token = await apiToken(request, 'admin');
  const response = await request.get(`/api/users/user/${userId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    FirstName: string;
    Applications: { ApplicationId: number }[];
    permissions: { PermissionId: number; value: string }[];
  };
}

export async function openUser(page: Page, user: MadeUser): Promise<void> {
  await page.goto(`/editUser/${user.UserId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit User ${user.Username}` })).toBeVisible();
}
