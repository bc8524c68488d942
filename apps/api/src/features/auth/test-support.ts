/** Test support of sign-in and sign-up: a user made through the sign-up form, for a test of its own. */
import type { TestApp } from '../../test/harness.js';

/** The sign-up form's body for a username and password. */
export const signupPayload = (username: string, password: string) => ({
  username,
  password,
  confirmPassword: password,
  firstName: 'Test',
  lastName: 'User',
  email: '',
});

/** A user made through POST /api/auth/signup; throws unless it was created. Answers the username. */
export async function newUser(t: TestApp, username: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: signupPayload(username, password),
  });
  if (response.statusCode !== 201) throw new Error(`signup ${username}: ${response.body}`);
  return username;
}
