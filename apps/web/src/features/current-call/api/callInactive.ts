import type { RouteBody } from '@cc/contract';
import { routePaths as routes } from '../../../lib/route-table';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

export type CallInactiveBody = RouteBody<'callInactive'>;

/** POST /api/call-center/call-inactive: release the call, optionally saving it so the dashboard can resume it. */
export const callInactive = (body: CallInactiveBody) => api('callInactive', { body });

/**
 * The same call while the page is going away (pagehide). navigator.sendBeacon cannot carry the bearer
 * token, so this is a keepalive fetch with the Authorization header, which outlives the page.
 */
export function callInactiveOnUnload(body: CallInactiveBody): void {
  const token = session.token();
  if (!token) return;
  void fetch(routes.callInactive.path, {
    method: routes.callInactive.method,
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}
