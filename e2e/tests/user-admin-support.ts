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

/** What a made user chooses at its first sign-in, which must change the administrator's password (decision 064). */
export const CHOSEN_PASSWORD = 'Chosen-pass1';

/**
 * A user made by the administrator through createUser with the default password, signed in once through the API to
 * choose its own (`password`), as its first sign-in must before anything else: journeys then sign in as it directly.
 */
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
  const theirs = await apiToken(request, Username, body.defaultPassword);
  const change = await request.put(`/api/user/${body.user.UserId}/password/`, {
    headers: { authorization: `Bearer ${theirs}` },
    data: { currentPassword: body.defaultPassword, password: CHOSEN_PASSWORD, confirmPassword: CHOSEN_PASSWORD },
  });
  expect(change.status(), await change.text()).toBe(200);
  return { UserId: body.user.UserId, Username, password: CHOSEN_PASSWORD };
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
