import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';

/** What every feature gets: configuration, the database and a clock (tests move the clock). */
export interface AppContext {
  config: Config;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The mail worker of this process: nudge it after a transaction that queued mail commits. */
  mail: { nudge(): void };
  /** Test hooks (fault injection); never set in production. */
  hooks?: { endCallStep?: (step: string) => void | Promise<void> } | undefined;
}
