import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Notices } from './db/notices.js';
import type { SessionCache } from './http/session-cache.js';

/** What every feature gets: configuration, the database and a clock (tests move the clock). */
export interface AppContext {
  config: Config;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The mail worker of this process: nudge it after a transaction that queued mail commits. */
  mail: { nudge(): void };
  /** The process's one LISTEN connection: features register their channels (decision 042). */
  notices: Notices;
  /** Resolved sessions of recent requests (decision 042): drop a user's or a session's after a change commits. */
  sessionCache: SessionCache;
  /** Test hooks (fault injection); never set in production. */
  hooks?: { endCallStep?: (step: string) => void | Promise<void> } | undefined;
}
