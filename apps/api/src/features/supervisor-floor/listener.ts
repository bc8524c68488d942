/**
 * One LISTEN per API process on the floor's channel (decision 035). The migration's triggers NOTIFY `cc_floor` when a
 * call opens or ends or a list count moves; PostgreSQL delivers a notice at commit to every listening connection, so
 * every API process hears every change, whichever process made it.
 *
 * PGlite: its own `listen` (in-process). PostgreSQL: a dedicated client (not one of the pool's: a pooled connection
 * may be handed to a query at any time), opened with the pool's settings and opened again after an error with a
 * growing delay; a reconnection reports a change, since notices sent while it was away are lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.js';

export const FLOOR_CHANNEL = 'cc_floor';

export interface FloorListener {
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

export async function listenForFloorChanges(
  db: Db,
  onChange: (what: string) => void,
  log: FastifyBaseLogger,
): Promise<FloorListener> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    const unlisten = await client.listen(FLOOR_CHANNEL, onChange);
    return { close: () => unlisten() };
  }
  if (!isPool(client)) throw new Error('The floor view needs PGlite or a pg pool underneath the database.');
  return listenOnPostgres(client.options, onChange, log);
}

const RETRY_MS = [250, 1000, 2000, 5000, 10_000];

function listenOnPostgres(
  options: pg.ClientConfig,
  onChange: (what: string) => void,
  log: FastifyBaseLogger,
): FloorListener {
  let closed = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...options, application_name: 'cc-floor-listener' });
    current = client;
    client.on('notification', (message) => onChange(message.payload ?? ''));
    client.on('error', (error) => {
      log.warn({ err: error }, 'floor listener lost its connection: reconnecting');
      retry(client);
    });
    client.on('end', () => retry(client));
    await client.connect();
    await client.query(`LISTEN ${FLOOR_CHANNEL}`);
    if (failures > 0) onChange('reconnected');
    failures = 0;
  };
  const retry = (client: pg.Client) => {
    if (closed || current !== client || timer) return;
    current = undefined;
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
      log.warn({ err: error }, 'floor listener could not connect: trying again');
      if (current) retry(current);
    });
  };

  // Not awaited: a server that starts while the database is away still starts (/readyz says so), and listens later.
  attempt();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
      }
    },
  };
}
