/**
 * The signed-in session of this tab: the bearer token and the user, in memory only (decision 022). No token
 * is written to localStorage or sessionStorage, where any injected script could read it; the token is
 * short-lived, and a reload or a new tab gets a fresh one through the refresh call, whose credential is an
 * HttpOnly cookie this code never sees. A refresh is due shortly before the token ends: whoever wires the
 * session to the API (api.ts) sets the refresher. Signing out here tells the other tabs at once.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@cc/contract';

export interface StoredSession {
  token: string;
  /** When the session ends at the latest (the server's absolute limit). */
  expiresAt: string;
  /** When this token stops working: a new one is fetched before. */
  tokenExpiresAt: string;
  user: SessionUser;
}

/** Where the session was kept before decision 022: removed on load, so no old token stays behind. */
const LEGACY_KEY = 'cc.session';
const listeners = new Set<() => void>();
let current: StoredSession | null = null;
/** Set when the idle time-out ended the session; the expiry dialog shows until the page reloads. */
let expired = false;
/** Set when the user signed out on purpose: the guard then sends them home without a `next` page. */
let signedOut = false;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refresher: () => void = () => undefined;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cc.session');

try {
  localStorage.removeItem(LEGACY_KEY);
} catch {
  // Storage switched off: nothing was kept there either.
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** How long before the token's end a new one is fetched: a fifth of its life, at most a minute. */
export function refreshDelay(session: Pick<StoredSession, 'tokenExpiresAt'>, now = Date.now()): number {
  const left = new Date(session.tokenExpiresAt).getTime() - now;
  return Math.max(0, left - Math.min(60_000, left / 5));
}

function schedule(): void {
  clearTimeout(refreshTimer);
  refreshTimer = current ? setTimeout(() => refresher(), refreshDelay(current)) : undefined;
}

function drop(): void {
  current = null;
  schedule();
  emit();
}

channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.data === 'signed-out' && current) {
    signedOut = true;
    drop();
  }
});

export const session = {
  get: (): StoredSession | null => current,
  token: (): string | null => current?.token ?? null,
  set: (value: StoredSession): void => {
    signedOut = false;
    current = value;
    schedule();
    emit();
  },
  updateUser: (user: SessionUser): void => {
    if (current) session.set({ ...current, user });
  },
  /** The server no longer knows the session (a 401): forget it in this tab. */
  clear: drop,
  /** A deliberate sign-out: forget the session here and in the other tabs; the next sign-in starts at the dashboard. */
  signOut: (): void => {
    signedOut = true;
    drop();
    channel?.postMessage('signed-out');
  },
  /**
   * A deliberate sign-out that leaves the page for the identity server's sign-out (decision 038): the other tabs
   * forget the session, this one keeps showing the page until the browser leaves it. Forgetting it here would
   * re-render the guarded screen signed out, whose guard may start a new sign-in that overtakes the way out.
   */
  signOutLeaving: (): void => {
    signedOut = true;
    clearTimeout(refreshTimer);
    channel?.postMessage('signed-out');
  },
  wasSignedOut: (): boolean => signedOut,
  /** The idle time-out: forget the session and remember why, for the expiry dialog. */
  expire: (): void => {
    expired = true;
    drop();
    channel?.postMessage('signed-out');
  },
  /** What runs when the token is about to end (api.ts: the refresh call). */
  setRefresher: (run: () => void): void => {
    refresher = run;
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Whether this browser holds a session's refresh cookie, read from the page-readable cookie the server sets and
 * clears with it (it carries no credential). Without it a refresh would only be refused.
 */
export function hasSessionCookie(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim() === 'cc_session=1');
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, session.get);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(session.subscribe, () => expired);
}
