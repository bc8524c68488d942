/**
 * Test harness: a fresh database per test file (cloned from the migrated, seeded template), the
 * real app built around it, a clock the test moves, and helpers to sign in.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPostgres, type Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../db/seed/index.js';
import { adminQuery, TEST_START, withDatabase } from './template.js';

export const engine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Db;
  /** A URL other processes can open (PostgreSQL only). */
  url: string | undefined;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `cc_t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const url = withDatabase(base, name);
    const database = await openPostgres(url, 20);
    return {
      db: database.db,
      url,
      close: async () => {
        await database.close();
        await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const tarball = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, url: undefined, close: () => client.close() };
}

export class TestClock {
  private current: number;
  constructor(start = TEST_START) {
    this.current = start.getTime();
  }
  now = (): Date => new Date(this.current);
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  database: TestDatabase;
  /** Sign in a demo account (or any user) and answer its bearer token. */
  signin(username: string, password?: string): Promise<string>;
  /** `app.inject` with a bearer token. */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  // The mail worker is off unless a test turns it on: messages stay queued where a test can see them.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SIGNIN_SLOW_MS: '0',
    DATA_DIR: '/nonexistent',
    MAIL_WORKER: 'off',
    // No test reaches a public geocoder: the discard port refuses at once; a test that searches starts its own.
    GEOCODER_URL: 'http://127.0.0.1:9/search',
    ...env,
  });
}

export async function createTestApp(
  options: { env?: Record<string, string>; database?: TestDatabase; hooks?: AppDeps['hooks'] } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const clock = new TestClock();
  const app = await buildApp(config, { db: database.db, now: clock.now, hooks: options.hooks });
  await app.ready();
  // Tests change users and sessions in SQL and expect the next request to see it. On PostgreSQL the notice of such a
  // change reaches the session cache's listener a moment after the change's commit answers (decision 042), so every
  // call first waits until the notices committed before it have been heard. PGlite delivers them before the commit
  // answers.
  const heard = () =>
    app.sessionCache.fence(async (channel, payload) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    });
  const call = async (token: string | undefined, opts: InjectOptions) => {
    if (engine === 'postgres') await heard();
    return app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  return {
    app,
    db: database.db,
    config,
    clock,
    database,
    call,
    async signin(username, password = DEMO_PASSWORD) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.statusCode} ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async close() {
      // A test that listened may leave keep-alive connections (fetch's pool) that the server's close would wait out
      // for its keep-alive time (70 s a file); at the end of a file no request is in flight, so they are dropped.
      if (app.server.listening) app.server.closeAllConnections();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
