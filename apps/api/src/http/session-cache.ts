/**
 * The resolved sessions of recent requests, in this process's memory (decision 042), so that most
 * requests skip the session query. Keyed by the SHA-256 of the bearer token; an entry lives `ttlMs` at most, and
 * the cache holds `maxEntries` at most (the oldest go first).
 *
 * What may change a cached answer is heard on channel `cc_sessions` (migration 0033's triggers, so a change made by
 * any process, or by hand in SQL, is heard by every process): `s:<session id>` (signed out, revoked, ended, deleted),
 * `t:<token hash>` (an access token deleted), `u:<user id>` (the user, its role, branches, permissions or
 * applications changed, or it was deleted or deactivated), `*` (a role renamed or deleted: everything). The code paths
 * that make such changes also drop the entries of this process at once after their commit, since a notice reaches
 * the listener a moment after the commit's answer reaches the committer.
 *
 * Time-bound ends need no notice: each entry keeps the token's and the session's end and the session's last-seen
 * time, and is used only while all three allow it (otherwise the request goes to the database, which decides).
 * While the listener is away nothing is served from memory, and when it comes back the cache is emptied (notices
 * may have been missed). A query that was running when an invalidation arrived does not store its answer.
 */
import type { AuthUser } from './auth-user.js';
import type { Notices } from '../db/notices.js';

export const SESSIONS_CHANNEL = 'cc_sessions';

/** What a notice on SESSIONS_CHANNEL says changed (read here and by the floor stream, which re-checks its users). */
export type SessionNotice =
  | { kind: 'session'; sessionId: string }
  | { kind: 'token'; tokenHash: string }
  | { kind: 'user'; userId: number }
  | { kind: 'fence' }
  | { kind: 'all' };

export function readSessionNotice(payload: string): SessionNotice {
  if (payload.startsWith('fence:')) return { kind: 'fence' };
  if (payload.startsWith('s:')) return { kind: 'session', sessionId: payload.slice(2) };
  if (payload.startsWith('t:')) return { kind: 'token', tokenHash: payload.slice(2) };
  if (payload.startsWith('u:')) return { kind: 'user', userId: Number(payload.slice(2)) };
  return { kind: 'all' };
}

export interface CachedSession {
  user: AuthUser;
  userId: number;
  sessionId: string;
  /** When the entry was stored, and the ends that bound its use (ms since the epoch, on the app's clock). */
  storedAt: number;
  tokenExpiresAt: number;
  sessionExpiresAt: number;
  /** The session's last-seen time as this process last read or wrote it (the database's may be later). */
  lastSeenAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private generationValue = 0;
  private readonly fences = new Map<string, () => void>();
  private fenceSeq = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; notices: Notices | undefined }) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.notices !== undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bumped by every invalidation: an answer read before a bump is not stored after it. */
  get generation(): number {
    return this.generationValue;
  }

  /** Start hearing invalidations (once, when the app is built). */
  async start(): Promise<void> {
    const notices = this.options.notices;
    if (!notices || this.options.ttlMs <= 0) return;
    notices.onReconnect(() => this.clear());
    await notices.listen(SESSIONS_CHANNEL, (payload) => this.heard(payload));
  }

  /** The entry of a token, if it may be used at `now`; an entry past its time is dropped. */
  get(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.enabled || !this.options.notices?.connected) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    // A clock that went back (tests move it) is no reason to trust an entry either.
    if (now < entry.storedAt || now - entry.storedAt >= this.options.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Store an answer read from the database, unless something was invalidated since `generation` was read. */
  set(tokenHash: string, entry: CachedSession, generation: number): void {
    if (!this.enabled || !this.options.notices?.connected || generation !== this.generationValue) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    Object.freeze(entry.user.branches);
    Object.freeze(entry.user.permissions);
    Object.freeze(entry.user.applications);
    Object.freeze(entry.user);
    this.entries.set(tokenHash, entry);
  }

  /** Drop what a session's sign-out, revocation or end makes stale. */
  dropSession(sessionId: string): void {
    this.drop((entry) => entry.sessionId === sessionId);
  }

  /** Drop every entry of a user (its rights, state or sessions changed). */
  dropUser(userId: number): void {
    this.drop((entry) => entry.userId === userId);
  }

  clear(): void {
    this.generationValue += 1;
    this.entries.clear();
  }

  /**
   * Resolves once every notice committed before the call has been heard (a NOTIFY of our own, sent through `send`,
   * comes back after them: PostgreSQL delivers notices in commit order). Tests use it before a request that must see
   * a change made behind the application's back.
   */
  async fence(send: (channel: string, payload: string) => Promise<void>): Promise<void> {
    if (!this.enabled || this.entries.size === 0) return;
    const key = `fence:${process.pid}:${++this.fenceSeq}`;
    let timer: NodeJS.Timeout | undefined;
    // A listener that drops meanwhile never hears it; its reconnection empties the cache anyway.
    const heard = new Promise<void>((resolve) => {
      this.fences.set(key, resolve);
      timer = setTimeout(resolve, 2000);
    });
    await send(SESSIONS_CHANNEL, key);
    await heard;
    clearTimeout(timer);
    this.fences.delete(key);
  }

  private heard(payload: string): void {
    const fence = this.fences.get(payload);
    if (fence) {
      this.fences.delete(payload);
      fence();
      return;
    }
    const notice = readSessionNotice(payload);
    if (notice.kind === 'session') this.dropSession(notice.sessionId);
    else if (notice.kind === 'token') this.dropToken(notice.tokenHash);
    else if (notice.kind === 'user') this.dropUser(notice.userId);
    else if (notice.kind === 'all') this.clear();
  }

  private dropToken(tokenHash: string): void {
    this.generationValue += 1;
    this.entries.delete(tokenHash);
  }

  private drop(stale: (entry: CachedSession) => boolean): void {
    this.generationValue += 1;
    for (const [key, entry] of this.entries) if (stale(entry)) this.entries.delete(key);
  }
}
