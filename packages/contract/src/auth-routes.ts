/**
 * Route-table rows of signing in, the session, the dashboard and the user's own profile (spread into `routes`
 * in routes.ts).
 */
import { ACCESS } from '@cc/domain';
import type { RouteDef } from './route-def.js';
import { Ok } from './common.js';
import {
  ClientConfig,
  SessionResponse,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SessionUser,
  SignoutResponse,
  UnlockRequest,
} from './auth.js';
import { PasswordUpdateRequest, ProfileUpdateRequest, UserIdParams } from './profile.js';
import { DashboardResponse } from './dashboard.js';

export const authRoutes = {
  clientConfig: { method: 'GET', path: '/api/client-config', access: ACCESS.public, response: ClientConfig },
  signin: {
    method: 'POST',
    path: '/api/auth/signin',
    access: ACCESS.public,
    body: SigninRequest,
    response: SigninResponse,
  },
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    access: ACCESS.public,
    body: SignupRequest,
    response: SigninResponse,
  },
  /**
   * A browser session's new access token: reads and rotates the refresh cookie that sign-in set (single use; an
   * already-used one ends the session). Public because the cookie, not a bearer token, is the credential.
   */
  refresh: { method: 'POST', path: '/api/auth/refresh', access: ACCESS.public, response: SigninResponse },
  unlockSignin: {
    method: 'POST',
    path: '/api/auth/unlock',
    access: ACCESS.userAdmin,
    body: UnlockRequest,
    response: Ok,
  },
  signout: { method: 'POST', path: '/api/auth/signout', access: ACCESS.ownSession, response: SignoutResponse },
  session: { method: 'GET', path: '/api/auth/session', access: ACCESS.ownSession, response: SessionResponse },
  dashboard: { method: 'GET', path: '/api/dashboard', access: ACCESS.signedIn, response: DashboardResponse },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/:UserId/profile',
    access: ACCESS.signedIn,
    params: UserIdParams,
    body: ProfileUpdateRequest,
    response: SessionUser,
  },
  /** The change a session opened with a password someone else set must make first (decision 064). */
  updatePassword: {
    method: 'PUT',
    path: '/api/user/:UserId/password/',
    access: ACCESS.ownSession,
    params: UserIdParams,
    body: PasswordUpdateRequest,
    response: Ok,
  },
} as const satisfies Record<string, RouteDef>;
