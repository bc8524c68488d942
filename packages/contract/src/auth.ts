import { z } from './zod.js';
import { line, secret } from './common.js';

export const Application = z.object({
  ApplicationId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  SRef: z.string(),
  URL: z.string(),
});
export type Application = z.infer<typeof Application>;

export const SessionUser = z.object({
  UserId: z.number().int(),
  Username: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  BrandId: z.number().int().nullable(),
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  RoleId: z.number().int(),
  role: z.string(),
  SQLDBID: z.number().int().nullable(),
  Branches: z.array(z.object({ branchno: z.string() })),
  Applications: z.array(Application),
  permissions: z.array(z.string()),
  /**
   * Ours (decision 064): signed in with a password someone else set (the default, or an administrator's). Until the
   * user changes it (`PUT /api/user/{UserId}/password/`), every call but the session, sign-out and that change answers
   * 403 `PASSWORD_CHANGE_REQUIRED`. Never true for a session of the identity server.
   */
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * `browser: true` asks for a browser session (the web app): the answer's token is short-lived and a refresh
 * credential is set in an HttpOnly cookie that only `POST /api/auth/refresh` accepts. Without it (scripts and
 * integrations) the token lives as long as the session and no cookie is set.
 */
const browser = z
  .boolean()
  .optional()
  .describe(
    'true: a short-lived token, and a refresh credential in an HttpOnly cookie for POST /api/auth/refresh (the web app). ' +
      'Absent or false: the token lasts as long as the session (scripts).',
  );

export const SigninRequest = z.object({
  username: line(100).min(1, 'Enter your username.'),
  password: secret(200).min(1, 'Enter your password.'),
  browser,
});
export type SigninRequest = z.infer<typeof SigninRequest>;

/** An administrator ends the sign-in lock of a username, for every client at once. */
export const UnlockRequest = z.object({ username: SigninRequest.shape.username });
export type UnlockRequest = z.infer<typeof UnlockRequest>;

export const SigninResponse = z.object({
  /** The bearer token: `Authorization: Bearer {token}` on every signed-in call. */
  token: z.string(),
  /** When the session ends at the latest (12 h after sign-in), ISO 8601. */
  expiresAt: z.string(),
  /** When this token stops working, ISO 8601: the session's end for a script, minutes away for a browser. */
  tokenExpiresAt: z.string(),
  user: SessionUser,
});
export type SigninResponse = z.infer<typeof SigninResponse>;

/** Field rules are applied on the server so that every message comes back in one errors map. */
export const SignupRequest = z.object({
  username: secret(200),
  password: secret(200),
  confirmPassword: secret(200),
  firstName: line(100),
  lastName: line(100),
  email: line(200),
  browser,
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const SessionResponse = z.object({ user: SessionUser, expiresAt: z.string() });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ClientConfig = z.object({
  idleTimeoutSeconds: z.number().int().positive(),
  idleWarningSeconds: z.number().int().positive(),
  /** How often an open call tells the server it is still open. */
  callHeartbeatSeconds: z.number().int().positive(),
  /** Whether self sign-up is open (SIGNUP=on); when false the web app hides the sign-up button. */
  signupEnabled: z.boolean(),
  /** Pages outside the product; null when not configured (shown as unavailable). */
  links: z.object({
    payBill: z.string().nullable(),
    autoPay: z.string().nullable(),
    evaluation: z.string().nullable(),
    wiki: z.string().nullable(),
    knowledgeBase: z.string().nullable(),
  }),
  /** Whether sign-in goes through the identity server (decision 038); false: the sign-in dialog alone. */
  sso: z.boolean(),
  /** Whether the app dials for the CSR (TELEPHONY_DIAL_URL, decision 075); false: numbers are tel: links. */
  clickToDial: z.boolean(),
});

/** `logoutUrl`: after a session signed in through the identity server, where the browser ends that one too. */
export const SignoutResponse = z.object({ ok: z.literal(true), logoutUrl: z.string().nullable() });
export type ClientConfig = z.infer<typeof ClientConfig>;
