/**
 * The one API client of the browser: the request core (request.ts) wired to the session and the toasts.
 * Only a 401 on a signed-in call ends the session (cleared, back to `/`), and only after a refresh could
 * not mend it; a 403 means the session is fine but this call is not allowed, so it shows 'Access Denied.'
 * and keeps the user signed in (docs/decisions/022-sessions-and-the-browser.md).
 *
 * The bearer token lives in memory (session.ts). `refreshSession` gets a new one through the refresh
 * cookie: on load, shortly before the token ends, and on a 401. Tabs take turns (a Web Lock), so two
 * tabs never present the same single-use credential; the server's short grace covers an answer lost.
 */
import type { RouteName, RouteResponse } from '@cc/contract';
import { ACCESS_DENIED, ApiError, request, type Args, type RequestDeps } from './request';
import { session } from './session';
import { adminToast } from './toast';

export { ApiError } from './request';

/** The code of a 403 that asks for the password change first (decision 064). */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

let onSessionLost: () => void = () => {
  window.location.assign('/');
};
/** The router replaces the default full reload with an in-app navigation. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

const deps: RequestDeps = {
  origin: '',
  token: () => session.token(),
  refresh: () => refreshSession(),
  onUnauthorized: () => {
    // A call sent before a deliberate sign-out can come back 401 after it (the server ended the session first): the
    // sign-out has already forgotten the session and gone where it goes, and a second trip home would overtake it.
    if (session.wasSignedOut()) return;
    session.clear();
    onSessionLost();
  },
  onForbidden: (error) => {
    // Held to a password change (decision 064): the route guard sends the user to the change, nothing is denied.
    const current = session.get();
    if (error.code === PASSWORD_CHANGE_REQUIRED && current) {
      session.updateUser({ ...current.user, mustChangePassword: true });
      return;
    }
    adminToast.error(ACCESS_DENIED);
  },
};

/** Run `task` while no other tab of this origin refreshes (Web Locks; alone where the browser has none). */
async function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  // Web Locks exist in secure contexts only (HTTPS, localhost).
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (!locks) return task();
  // The lock is held until the task settles, and the request answers what the task answers.
  return locks.request('cc.session.refresh', () => task());
}

let refreshing: Promise<boolean> | null = null;

/**
 * A new access token for this tab's session, through the HttpOnly refresh cookie: true when there is one.
 * A refused refresh (401) forgets the session; an unreachable server leaves it as it is.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= oneTabAtATime(async () => {
    try {
      session.set(await request(deps, 'refresh'));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) session.clear();
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// The token is about to end: a new one, or, when the server refuses, the session is over.
session.setRefresher(() => {
  void refreshSession().then((ok) => {
    if (!ok && !session.get()) onSessionLost();
  });
});

export function api<N extends RouteName>(name: N, args: Args<N> = {}): Promise<RouteResponse<N>> {
  return request(deps, name, args);
}
