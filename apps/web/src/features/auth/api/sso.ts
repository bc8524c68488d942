/**
 * Single sign-on through the identity server (decision 038): the server runs the code flow; the page only goes to
 * the address `ssoStart` answers, and back at /signin-oidc hands the return's query to `ssoFinish`.
 */
import type { SsoFinishResponse } from '@cc/contract';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';

/** Go to the identity server's sign-in; after it, the app returns to `target` (a path of this app with its query). */
export async function startSso(target: string): Promise<void> {
  const { url } = await api('ssoStart', { body: { target } });
  window.location.assign(url);
}

/** Finish the sign-in from the return's query: the session is this tab's, the answer says where to go. */
export async function finishSso(query: string): Promise<SsoFinishResponse> {
  const response = await api('ssoFinish', { body: { query } });
  queryClient.clear();
  session.set(response);
  return response;
}
