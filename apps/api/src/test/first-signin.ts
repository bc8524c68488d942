/** The first sign-in of a user someone else gave a password (decision 064), for tests that then work as that user. */
import type { TestApp } from './harness.js';

/** What such a test user chooses at its first sign-in, unless the test names another. */
export const CHOSEN_PASSWORD = 'Chosen-pass1';

/**
 * Sign in as a user an administrator made (or reset) with `given` and change the password to `chosen` at once, as such
 * a session must before any other call. Answers the session, which is then no longer held to the change; the user
 * signs in with `chosen` from then on.
 */
export async function firstSignin(
  t: TestApp,
  username: string,
  given: string,
  chosen = CHOSEN_PASSWORD,
): Promise<{ token: string; userId: number }> {
  const signin = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password: given },
  });
  if (signin.statusCode !== 200) throw new Error(`signin ${username}: ${signin.body}`);
  const { token, user } = signin.json<{ token: string; user: { UserId: number } }>();
  const change = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${user.UserId}/password/`,
    headers: { authorization: `Bearer ${token}` },
    payload: { currentPassword: given, password: chosen, confirmPassword: chosen },
  });
  if (change.statusCode !== 200) throw new Error(`first password change of ${username}: ${change.body}`);
  return { token, userId: user.UserId };
}
