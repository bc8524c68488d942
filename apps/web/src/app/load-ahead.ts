/**
 * Each screen's module loads when its route is first shown, so the first visit to a screen waits for its code as
 * well as its data. Where a screen leads to another (a search opens the call, the dashboard its applications, the
 * sign-in the dashboard), the next screens' modules are loaded while the user is still on this one, once its own
 * module has come and the browser is idle, one at a time, and then the grid's (docs/decisions/101-screens-loaded-ahead.md).
 */
import { useEffect } from 'react';
import type { ScreenName } from '@cc/domain';
import type { SessionUser } from '@cc/contract';
import { mayEnter } from '../lib/access';
import { loadGrid } from '../components/grid/load';
import type { AppRoute } from './app-route';

/** The signed-in header's parts, which come with the first signed-in screen (Layout.tsx). */
export const signedInShell = () => import('./signed-in-shell');

/** The screens each screen leads to, most likely first. */
const LEADS_TO: Partial<Record<ScreenName, readonly ScreenName[]>> = {
  publicHome: ['home'],
  signin: ['home'],
  portalsignin: ['home'],
  ssoCallback: ['home'],
  home: [
    'inbound',
    'outbound',
    'searchMeasureIt',
    'callSearch',
    'supervisorFloor',
    'reports',
    'manageUsers',
    'allQuotes',
    'utilities',
    'measureItUtilities',
  ],
  inbound: ['currentCall'],
  screenPop: ['inbound', 'currentCall'],
  outbound: ['currentCall'],
  'outbound.cancelCalls': ['currentCall'],
  'outbound.upsells': ['currentCall'],
  callSearch: ['currentCall'],
  currentCall: ['inbound', 'outbound'],
  searchMeasureIt: ['editMeasureIt'],
  manageUsers: ['editUser', 'addUser'],
  searchUsers: ['editUser', 'addUser'],
};

/**
 * The screens to load ahead of `from` for this user: those it leads to that the user may enter. Signed out, a screen
 * leads to the dashboard the sign-in opens (its code is no secret; the server decides on every call).
 */
export function screensAhead(
  from: ScreenName,
  user: Pick<SessionUser, 'permissions' | 'Applications'> | null,
): ScreenName[] {
  const next = LEADS_TO[from] ?? [];
  return user ? next.filter((screen) => mayEnter(screen, user)) : [...next];
}

type Loader = () => Promise<unknown>;

/** Runs each loader in turn, each when the browser is next idle; the returned function stops what has not begun. */
export function loadInTurn(loaders: readonly Loader[]): () => void {
  let stopped = false;
  let pending: (() => void) | undefined;
  const step = (index: number) => {
    const loader = loaders[index];
    if (stopped || !loader) return;
    pending = whenIdle(() => {
      // A module that fails to load here is loaded again when its screen is shown, which reports the failure.
      void loader()
        .catch(() => undefined)
        .finally(() => step(index + 1));
    });
  };
  step(0);
  return () => {
    stopped = true;
    pending?.();
  };
}

/** Calls `run` when the browser is idle (at the latest after 2 s); the returned function cancels it. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * What to load ahead of `route`, in order: the modules of the screens it leads to (not its own); then, signed out, the
 * signed-in header's, and signed in, the grid's, which every role's screens show (the call lists and searches, a
 * call's history, MeasureIt's properties, the users): the first screen to show a grid would otherwise wait for a third
 * of a megabyte of it.
 */
export function loadersAhead(route: AppRoute, routes: readonly AppRoute[], user: SessionUser | null): Loader[] {
  const ahead = new Set(screensAhead(route.name, user));
  const screens = routes.filter((r) => ahead.has(r.name) && r.load !== route.load).map((r) => r.load);
  return [...new Set([...screens, user ? loadGrid : signedInShell])];
}

/**
 * Loads ahead the modules of the screens `route` leads to, once `route`'s own module has loaded; `enabled` is false
 * while the route is not shown (refused, or on its way to a sign-in).
 */
export function useLoadAhead(
  route: AppRoute,
  routes: readonly AppRoute[],
  user: SessionUser | null,
  enabled: boolean,
): void {
  useEffect(() => {
    if (!enabled) return;
    const loaders = loadersAhead(route, routes, user);
    let stop: (() => void) | undefined;
    let left = false;
    void route.load().then(() => {
      if (!left) stop = loadInTurn(loaders);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [route, routes, user, enabled]);
}
