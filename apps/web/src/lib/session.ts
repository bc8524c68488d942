/**
 * The signed-in session kept in the browser: the bearer token and the user. Stored in localStorage so
 * every tab shares it; `useSession` re-renders on change, also when another tab signs out.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@cc/contract';

export interface StoredSession {
  token: string;
  expiresAt: string;
  user: SessionUser;
}

const KEY = 'cc.session';
const listeners = new Set<() => void>();
let cached: StoredSession | null | undefined;
/** Set when the idle time-out ended the session; the expiry dialog shows until the page reloads. */
let expired = false;
/** Set when the user signed out on purpose: the guard then sends them home without a `next` page. */
let signedOut = false;

function read(): StoredSession | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
    cached = parsed && new Date(parsed.expiresAt).getTime() > Date.now() ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

function emit(): void {
  for (const listener of listeners) listener();
}

window.addEventListener('storage', (event) => {
  if (event.key === KEY) {
    cached = undefined;
    emit();
  }
});

export const session = {
  get: read,
  token: (): string | null => read()?.token ?? null,
  set: (value: StoredSession): void => {
    signedOut = false;
    cached = value;
    localStorage.setItem(KEY, JSON.stringify(value));
    emit();
  },
  updateUser: (user: SessionUser): void => {
    const current = read();
    if (current) session.set({ ...current, user });
  },
  clear: (): void => {
    cached = null;
    localStorage.removeItem(KEY);
    emit();
  },
  /** A deliberate sign-out: clear the credentials; the next sign-in starts at the dashboard. */
  signOut: (): void => {
    signedOut = true;
    session.clear();
  },
  wasSignedOut: (): boolean => signedOut,
  /** The idle time-out: clear the credentials and remember why, for the expiry dialog. */
  expire: (): void => {
    expired = true;
    session.clear();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, read);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(session.subscribe, () => expired);
}
