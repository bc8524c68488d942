/**
 * The one API client of the browser: the request core (request.ts) wired to the session and the toasts.
 * Only a 401 on a signed-in call ends the session (cleared, back to `/`); a 403 means the session is fine
 * but this call is not allowed, so it shows 'Access Denied.' and keeps the user signed in
 * (docs/decisions/022-sessions-and-the-browser.md).
 */
import type { RouteName, RouteResponse } from '@cc/contract';
import { ACCESS_DENIED, request, type Args } from './request';
import { session } from './session';
import { toast } from './toast';

export { ApiError } from './request';

let onSessionLost: () => void = () => {
  window.location.assign('/');
};
/** The router replaces the default full reload with an in-app navigation. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

const deps = {
  origin: '',
  token: () => session.token(),
  onUnauthorized: () => {
    session.clear();
    onSessionLost();
  },
  onForbidden: () => toast.error(ACCESS_DENIED),
};

export function api<N extends RouteName>(name: N, args: Args<N> = {}): Promise<RouteResponse<N>> {
  return request(deps, name, args);
}
