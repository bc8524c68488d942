/** Setting a user's permission as an administrator does through user administration (its rights apply at once). */
import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '../db/seed/reference.js';
import { rowsOf } from '../db/client.js';
import type { TestApp } from './harness.js';

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [row] = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username = ${username}`),
  );
  if (!row) throw new Error(`no user ${username}`);
  return row.user_id;
}

/** Give `username` the permission's value through PUT /api/userapplicationpermissions/…, as `adminToken`. */
export async function setPermission(
  t: TestApp,
  adminToken: string,
  username: string,
  permissionId: number,
  value: 'true' | 'false',
): Promise<void> {
  const permission = PERMISSIONS.find((p) => p.permissionId === permissionId);
  if (!permission) throw new Error(`no permission ${permissionId}`);
  const userId = await userIdOf(t, username);
  const response = await t.call(adminToken, {
    method: 'PUT',
    url: `/api/userapplicationpermissions/${userId}/application/${permission.applicationId}/permission/${permissionId}`,
    payload: { value },
  });
  if (response.statusCode !== 200) throw new Error(`updatePermission: ${response.statusCode} ${response.body}`);
}
