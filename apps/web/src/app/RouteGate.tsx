import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SCREEN_ACCESS, SSO_TARGET_SCREENS } from '@cc/domain';
import { clientConfigQuery } from './client-config';
import { startSso } from '../features/auth/api/sso';
import { mayEnter } from '../lib/access';
import { session, useSession } from '../lib/session';
import { adminToast } from '../lib/toast';
import { APP_ROUTES, CHANGE_PASSWORD_PATH, type AppRoute } from './routes';
import { useLoadAhead } from './load-ahead';

/**
 * The route guard of the spec: a user not signed in goes to the public home; a signed-in user whom the
 * screen's access rule (SCREEN_ACCESS in @cc/domain, the rules the server enforces on the screen's calls)
 * refuses sees 'Access Denied.' for 3 s and stays where they were (the dashboard on a fresh load). The
 * server decides again on every call; this only keeps the screen honest.
 */
export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const current = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const isPublic = SCREEN_ACCESS[route.name] === 'public';
  // Signed in with a password someone else set: the change comes first, wherever the user was going (decision 064).
  const held = !isPublic && current !== null && current.user.mustChangePassword && route.name !== 'changePassword';
  const denied = !isPublic && !held && current !== null && !mayEnter(route.name, current.user);
  useLoadAhead(route, APP_ROUTES, current?.user ?? null, isPublic || (current !== null && !held && !denied));
  const toasted = useRef(false);
  const { data: config, isPending: configPending } = useQuery(clientConfigQuery);
  // The current call and /editMeasureIt go to the identity server's sign-in, the target kept (§2; decision 038);
  // not right after a deliberate sign-out, which goes to the public home.
  const ssoTarget =
    !current &&
    !isPublic &&
    !session.wasSignedOut() &&
    config?.sso === true &&
    (SSO_TARGET_SCREENS as readonly string[]).includes(route.name);

  useEffect(() => {
    if (ssoTarget) void startSso(location.pathname + location.search);
  }, [ssoTarget, location.pathname, location.search]);

  useEffect(() => {
    if (!denied || toasted.current) return;
    toasted.current = true;
    adminToast.error('Access Denied.');
    const state = location.state as { from?: string } | null;
    void navigate(state?.from ?? '/dashboard', { replace: true });
  }, [denied, navigate, location.state]);

  useEffect(() => {
    document.title = `${route.title} · Call Centre`;
  }, [route.title]);

  if (isPublic) return children;
  if (ssoTarget) return null;
  // Signed out, where to go depends on whether there is an identity server: nothing is shown until that is known
  // (the sign-in dialog would flash before the identity server's page).
  if (!current && configPending) return null;
  if (!current) {
    // After a deliberate sign-out the guard and the sign-out itself both go to the public home; only a
    // lost session remembers the page, so that signing in again returns there.
    const home = session.wasSignedOut()
      ? '/?noAuth=true'
      : `/?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={home} replace />;
  }
  if (held) {
    const next = location.pathname + location.search;
    return <Navigate to={`${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (denied) return null;
  return children;
}
