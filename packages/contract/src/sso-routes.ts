/**
 * Route-table rows of single sign-on through the identity server and the wiki and knowledge-base hand-offs (spread
 * into `routes` in routes.ts; decision 038). Sign-in is the authorization code flow with PKCE, run by the server:
 * `ssoStart` answers the identity server's address for the browser to go to, and the page the identity server sends
 * the browser back to (/signin-oidc) hands the return's query to `ssoFinish`, which answers a session as sign-in does.
 */
import { ACCESS } from '@cc/domain';
import { z } from './zod.js';
import { SigninResponse } from './auth.js';

export const SsoStartRequest = z.object({
  /** Where the user was going (a path of this application with its query), to return there after signing in. */
  target: z.string().max(2000).optional(),
});
export const SsoStartResponse = z.object({ url: z.string() });

export const SsoFinishRequest = z.object({
  /** The query string of the return to /signin-oidc, as the identity server sent it (code, state, iss or error). */
  query: z.string().min(1).max(8000),
});
export const SsoFinishResponse = SigninResponse.extend({
  /** Where to go now: the target saved when the sign-in started. */
  target: z.string(),
});

export type SsoFinishResponse = z.infer<typeof SsoFinishResponse>;

export const HandoffResponse = z.object({
  /** The address the browser goes to next. */
  url: z.string(),
});

export const ssoRoutes = {
  ssoStart: {
    method: 'POST',
    path: '/api/auth/sso/start',
    access: ACCESS.public,
    body: SsoStartRequest,
    response: SsoStartResponse,
  },
  /** Its credential is the HttpOnly cookie `ssoStart` set: without it, 401 to anybody. */
  ssoFinish: {
    method: 'POST',
    path: '/api/auth/sso/finish',
    access: ACCESS.public,
    body: SsoFinishRequest,
    response: SsoFinishResponse,
  },
  wikiHandoff: { method: 'POST', path: '/api/handoff/wiki', access: ACCESS.signedIn, response: HandoffResponse },
  knowledgeBaseHandoff: {
    method: 'POST',
    path: '/api/handoff/knowledge-base',
    access: ACCESS.signedIn,
    response: HandoffResponse,
  },
} as const;
