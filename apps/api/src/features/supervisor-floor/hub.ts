/**
 * The fan-out of the floor view (decision 035): the open streams of this process, grouped by scope. A change heard by
 * the listener marks every scope stale; each scope is read again at most once per `minIntervalMs` (changes in between
 * are coalesced into the next read), and the one snapshot is written to every stream of that scope. A snapshot that
 * time alone makes wrong (an abandoned call's lock runs out, the day ends) is read again when it does. A heartbeat
 * comment keeps proxies from closing a quiet stream.
 *
 * A stream outlives the check of its request, so its user's rights are checked again before every snapshot is written
 * to it, at every heartbeat, and at once when the user's session or grants change (`recheck`): a stream whose session
 * has ended, whose user is gone or no longer passes the route's rule, or whose scope is no longer the one it streams,
 * ends there (060-csv-formulas-filter-depth-floor-rights.md).
 */
import type { Scope } from '@cc/domain';
import type { FloorSnapshot } from '@cc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { eventFrame } from '../../lib/event-stream/sse.js';

export interface FloorSubscriber {
  scope: Scope;
  sessionId: string;
  userId: number;
  /** Write one SSE frame; false when the stream is gone. */
  write(frame: string): boolean;
  end(): void;
}

interface ScopeGroup {
  scope: Scope;
  subscribers: Set<FloorSubscriber>;
  /** A read is running or waiting; `again` when another change came during it. */
  pending: boolean;
  again: boolean;
  lastRead: number;
  timer: NodeJS.Timeout | undefined;
  /** Reads the scope again when its last snapshot stops being true by time alone. */
  expiry: NodeJS.Timeout | undefined;
}

/** A scope's view, and how long it stays true if nothing in the database changes. */
export interface FloorRead {
  snapshot: FloorSnapshot;
  trueForMs: number;
}

/** Past the instant a snapshot stops being true: a lock is held through its last second. */
const EXPIRY_MARGIN_MS = 1000;

export interface FloorHubOptions {
  read(scope: Scope): Promise<FloorRead>;
  /** Of these sessions, the scope each may stream now; a session missing from the answer may stream no more. */
  rights(sessionIds: string[]): Promise<Map<string, Scope>>;
  log: FastifyBaseLogger;
  minIntervalMs?: number;
  heartbeatMs?: number;
}

/** An SSE `snapshot` event. */
export const snapshotFrame = (snapshot: FloorSnapshot): string => eventFrame('snapshot', snapshot);

const scopeKey = (scope: Scope): string => JSON.stringify(scope);

export class FloorHub {
  private readonly groups = new Map<string, ScopeGroup>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private readonly minIntervalMs: number;

  constructor(private readonly options: FloorHubOptions) {
    this.minIntervalMs = options.minIntervalMs ?? 500;
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs ?? 20_000);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const group of this.groups.values()) n += group.subscribers.size;
    return n;
  }

  /** Add a stream: it gets its own first snapshot at once; answers the function that removes it. */
  async subscribe(subscriber: FloorSubscriber): Promise<() => void> {
    if (this.closed) {
      subscriber.end();
      return () => undefined;
    }
    const key = scopeKey(subscriber.scope);
    let group = this.groups.get(key);
    if (!group) {
      group = {
        scope: subscriber.scope,
        subscribers: new Set(),
        pending: false,
        again: false,
        lastRead: 0,
        timer: undefined,
        expiry: undefined,
      };
      this.groups.set(key, group);
    }
    group.subscribers.add(subscriber);
    const remove = () => this.remove(key, subscriber);
    try {
      const read = await this.options.read(subscriber.scope);
      await this.checkRights([subscriber]);
      subscriber.write(snapshotFrame(read.snapshot));
      if (this.groups.get(key) === group) this.expireAfter(group, read.trueForMs);
    } catch (error) {
      this.options.log.error({ err: error }, 'floor view: first snapshot failed');
      remove();
      subscriber.end();
    }
    return remove;
  }

  /** Something changed in the database: every scope is read again, no sooner than its interval allows. */
  changed(): void {
    for (const group of this.groups.values()) this.schedule(group);
  }

  /**
   * Check the rights of the streams `which` picks at once (their user's session or grants changed), ending those that
   * no longer hold them. A failed check ends nothing: the next snapshot or heartbeat checks again, and writes nothing
   * before it has.
   */
  recheck(which: (subscriber: FloorSubscriber) => boolean): void {
    const picked = [...this.groups.values()].flatMap((g) => [...g.subscribers].filter(which));
    this.checkRights(picked).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'floor view: rights check failed');
    });
  }

  /** End every stream (shutdown): the browsers reconnect, to another process if this one is going. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const group of this.groups.values()) {
      clearTimeout(group.timer);
      clearTimeout(group.expiry);
      for (const subscriber of group.subscribers) subscriber.end();
    }
    this.groups.clear();
  }

  private remove(key: string, subscriber: FloorSubscriber): void {
    const group = this.groups.get(key);
    if (!group) return;
    group.subscribers.delete(subscriber);
    if (group.subscribers.size === 0) {
      clearTimeout(group.timer);
      clearTimeout(group.expiry);
      this.groups.delete(key);
    }
  }

  private schedule(group: ScopeGroup): void {
    if (group.pending) {
      group.again = true;
      return;
    }
    group.pending = true;
    const wait = Math.max(0, group.lastRead + this.minIntervalMs - Date.now());
    group.timer = setTimeout(() => void this.read(group), wait);
  }

  private async read(group: ScopeGroup): Promise<void> {
    group.timer = undefined;
    group.again = false;
    group.lastRead = Date.now();
    try {
      if (group.subscribers.size > 0 && !this.closed) {
        const read = await this.options.read(group.scope);
        const frame = snapshotFrame(read.snapshot);
        await this.checkRights([...group.subscribers]);
        for (const subscriber of group.subscribers) subscriber.write(frame);
        if (!this.closed && this.groups.has(scopeKey(group.scope))) this.expireAfter(group, read.trueForMs);
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'floor view: reading the snapshot failed');
    } finally {
      group.pending = false;
      if (group.again && !this.closed && this.groups.has(scopeKey(group.scope))) this.schedule(group);
    }
  }

  /** Read the scope again once its newest snapshot has stopped being true (a later read replaces the timer). */
  private expireAfter(group: ScopeGroup, trueForMs: number): void {
    clearTimeout(group.expiry);
    group.expiry = undefined;
    // A timer's delay is at most 2^31 - 1 ms; a view true for longer is read again at the next change anyway.
    if (trueForMs + EXPIRY_MARGIN_MS > 2_147_483_647) return;
    group.expiry = setTimeout(() => {
      group.expiry = undefined;
      this.schedule(group);
    }, trueForMs + EXPIRY_MARGIN_MS);
    group.expiry.unref();
  }

  /** End the streams whose user may no longer stream, or no longer the scope it streams (its new one is a new stream). */
  private async checkRights(subscribers: FloorSubscriber[]): Promise<void> {
    if (subscribers.length === 0) return;
    const rights = await this.options.rights([...new Set(subscribers.map((s) => s.sessionId))]);
    for (const subscriber of subscribers) {
      const scope = rights.get(subscriber.sessionId);
      if (!scope || scopeKey(scope) !== scopeKey(subscriber.scope)) subscriber.end();
    }
  }

  private async beat(): Promise<void> {
    const all = [...this.groups.values()].flatMap((g) => [...g.subscribers]);
    if (all.length === 0) return;
    for (const subscriber of all) subscriber.write(': heartbeat\n\n');
    try {
      await this.checkRights(all);
    } catch (error) {
      this.options.log.warn({ err: error }, 'floor view: rights check failed');
    }
  }
}
