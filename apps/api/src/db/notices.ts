/**
 * The process's one LISTEN connection (decisions 035 and 042). Features register the channels they need (the floor
 * view's `cc_floor`, the session cache's `cc_sessions`); PostgreSQL delivers a NOTIFY at commit to every listening
 * connection, so every API process hears every change, whichever process made it.
 *
 * PGlite: its own `listen` (in-process; it never drops). PostgreSQL: a dedicated client (not one of the pool's: a
 * pooled connection may be handed to a query at any time), opened with the pool's settings and opened again after an
 * error with a growing delay, every channel listened to again. Notices sent while it was away are lost, so a
 * reconnection is reported to every `onReconnect` handler (the floor reads again, the session cache empties), and
 * `connected` is false while it is away (the session cache serves nothing from memory then).
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client.js';

export type NoticeHandler = (payload: string) => void;

export interface Notices {
  /** Hear `channel` (lower-case letters, digits and `_`); answers once the LISTEN is in place, or at once while away. */
  listen(channel: string, handler: NoticeHandler): Promise<void>;
  /** Called after the connection came back (notices may have been missed while it was away). */
  onReconnect(handler: () => void): void;
  /**
   * Called each time the connection is listening to every channel, the first time included: a notice sent before was
   * not heard (the mail worker looks for due messages then). PGlite's listening is in place once `listen` answers.
   */
  onListening(handler: () => void): void;
  /** True while notices are being heard. */
  readonly connected: boolean;
  /** How many times the connection came back (tests wait for it). */
  readonly reconnects: number;
  close(): Promise<void>;
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
interface PoolLike {
  options: pg.ClientConfig;
}

const isPglite = (client: unknown): client is PgliteLike =>
  typeof (client as Partial<PgliteLike> | null)?.listen === 'function';
const isPool = (client: unknown): client is PoolLike => client instanceof pg.Pool;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export function createNotices(db: Db, log: FastifyBaseLogger): Notices {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) return pgliteNotices(client);
  if (!isPool(client)) throw new Error('Notices need PGlite or a pg pool underneath the database.');
  return postgresNotices(client.options, log);
}

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

function pgliteNotices(client: PgliteLike): Notices {
  const unlisten: (() => Promise<void>)[] = [];
  return {
    async listen(channel, handler) {
      checkChannel(channel);
      unlisten.push(await client.listen(channel, handler));
    },
    onReconnect: () => undefined,
    onListening: () => undefined,
    connected: true,
    reconnects: 0,
    async close() {
      for (const stop of unlisten.splice(0)) await stop().catch(() => undefined);
    },
  };
}

const RETRY_MS = [250, 1000, 2000, 5000, 10_000];

function postgresNotices(options: pg.ClientConfig, log: FastifyBaseLogger): Notices {
  const handlers = new Map<string, NoticeHandler[]>();
  const reconnectHandlers: (() => void)[] = [];
  const listeningHandlers: (() => void)[] = [];
  let closed = false;
  let current: pg.Client | undefined;
  let listening: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let reconnects = 0;

  const deliver = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error, channel }, 'a notice handler failed');
      }
    }
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...options, application_name: 'cc-notices-listener' });
    current = client;
    client.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      log.warn({ err: error }, 'notices listener lost its connection: reconnecting');
      retry(client);
    });
    client.on('end', () => retry(client));
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    if (current !== client) return;
    listening = client;
    if (failures > 0) {
      reconnects += 1;
      for (const handler of reconnectHandlers) handler();
    }
    failures = 0;
    for (const handler of listeningHandlers) handler();
  };
  const retry = (client: pg.Client) => {
    if (closed || current !== client || timer) return;
    current = undefined;
    listening = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 10_000;
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) attempt();
    }, delay);
    timer.unref();
  };
  const attempt = () => {
    connect().catch((error: unknown) => {
      log.warn({ err: error }, 'notices listener could not connect: trying again');
      if (current) retry(current);
    });
  };

  // Not awaited: a server that starts while the database is away still starts (/readyz says so), and listens later.
  attempt();
  return {
    async listen(channel, handler) {
      checkChannel(channel);
      const known = handlers.get(channel);
      if (known) {
        known.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      // A connection being opened listens to every channel known once it is up; one already up listens now.
      if (listening) await listening.query(`LISTEN ${channel}`).catch(() => undefined);
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    onListening(handler) {
      listeningHandlers.push(handler);
    },
    get connected() {
      return listening !== undefined;
    },
    get reconnects() {
      return reconnects;
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      listening = undefined;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
      }
    },
  };
}
