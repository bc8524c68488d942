/**
 * The screen pops of this process's open streams (decision 075): a CSR's browser keeps one stream open while signed in,
 * and an answered call to that CSR, heard from any API process as a `cc_phone_pop` notice, is written to each of its
 * streams at once; so is a change of the CSR's agent state, heard as a `cc_agent_state` notice, for the header
 * (docs/decisions/081-phone-lines-extensions-live-state.md). A stream outlives the check of its request, so its user's rights are checked at every heartbeat and
 * at once on the session cache's notices, as the floor's streams are (060-csv-formulas-filter-depth-floor-rights.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Scope } from '@cc/domain';
import { eventFrame } from '../../lib/event-stream/sse.js';
import type { PopNotice } from './service.js';

export interface PopSubscriber {
  userId: number;
  sessionId: string;
  /** Write one SSE frame; false when the stream is gone. */
  write(frame: string): boolean;
  end(): void;
}

export interface PopHubOptions {
  /** Of these sessions, those that may stream now; a session missing from the answer may stream no more. */
  rights(sessionIds: string[]): Promise<Map<string, Scope>>;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}

export class PopHub {
  private readonly byUser = new Map<number, Set<PopSubscriber>>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: PopHubOptions) {
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Add a stream; answers the function that removes it. */
  subscribe(subscriber: PopSubscriber): () => void {
    if (this.closed) {
      subscriber.end();
      return () => undefined;
    }
    let set = this.byUser.get(subscriber.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(subscriber.userId, set);
    }
    set.add(subscriber);
    // Said at once, so that the page knows its screen pops will reach it from now on.
    subscriber.write(eventFrame('ready', {}));
    return () => {
      const current = this.byUser.get(subscriber.userId);
      current?.delete(subscriber);
      if (current?.size === 0) this.byUser.delete(subscriber.userId);
    };
  }

  /** A pop notice heard: written to the streams of its user in this process. */
  pop(notice: PopNotice): void {
    const frame = eventFrame('pop', { ani: notice.ani, dnis: notice.dnis, callId: notice.callId });
    for (const subscriber of this.byUser.get(notice.userId) ?? []) subscriber.write(frame);
  }

  /** The user's agent state changed (anywhere): its streams are told to read it again. */
  stateChanged(userId: number): void {
    const frame = eventFrame('state', {});
    for (const subscriber of this.byUser.get(userId) ?? []) subscriber.write(frame);
  }

  /** Check at once the rights of the streams `which` picks (their user's session or grants changed). */
  recheck(which: (subscriber: PopSubscriber) => boolean): void {
    this.checkRights(this.all().filter(which)).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'screen pops: rights check failed');
    });
  }

  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const subscriber of this.all()) subscriber.end();
    this.byUser.clear();
  }

  private all(): PopSubscriber[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private async checkRights(subscribers: PopSubscriber[]): Promise<void> {
    if (subscribers.length === 0) return;
    const rights = await this.options.rights([...new Set(subscribers.map((s) => s.sessionId))]);
    for (const subscriber of subscribers) if (!rights.has(subscriber.sessionId)) subscriber.end();
  }

  private async beat(): Promise<void> {
    const all = this.all();
    for (const subscriber of all) subscriber.write(': heartbeat\n\n');
    try {
      await this.checkRights(all);
    } catch (error) {
      this.options.log.warn({ err: error }, 'screen pops: rights check failed');
    }
  }
}
