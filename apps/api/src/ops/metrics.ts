/**
 * Prometheus metrics (prom-client), one registry per app so that several apps in one process (the tests) keep
 * their counts apart. HTTP metrics are labelled by the route pattern (`/api/customers/:id`), never the raw URL,
 * so the number of series stays fixed whatever clients send; a request no route matched counts as `unmatched`.
 * The database figures (outbox, call locks) are read when scraped, in one statement.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rowsOf, type Db } from '../db/client.js';
import { poolsOf } from '../db/prepared.js';

export interface Metrics {
  /** The exposition text, and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
}

interface DbFigures {
  queued: number;
  retrying: number;
  failed: number;
  oldest_queued_seconds: number | null;
  open_locks: number;
}

type MetricsDeps = { db: Db; now: () => Date; callLockReleaseSeconds: number; log: FastifyBaseLogger };

export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  countRequests(app, registers);
  gaugeConnectionPool(deps.db, registers);
  const readDatabase = gaugeDatabaseFigures(deps, registers);
  const scrapeOk = new Gauge({
    name: 'callcentre_db_scrape_ok',
    help: '1 when the database figures of this scrape could be read, 0 when not (they keep their last values)',
    registers,
  });

  return {
    async render() {
      try {
        await readDatabase();
        scrapeOk.set(1);
      } catch (error) {
        // The process figures are still worth answering when the database is down; the gauge says so.
        deps.log.warn({ err: error }, 'metrics: the database figures could not be read');
        scrapeOk.set(0);
      }
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

/** Every answer counted and timed by method, route pattern and status. */
function countRequests(app: FastifyInstance, registers: Registry[]): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

/** The process's database connections and the queries waiting for one, read when scraped. */
function gaugeConnectionPool(db: Db, registers: Registry[]): void {
  // The pool exists only on a PostgreSQL server; the embedded database has one connection and no queue.
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  // With the pools of the statements planned otherwise beside it (decision 091): the connections of this process.
  const pools = poolsOf(pool);
  const sum = (count: (p: pg.Pool) => number) => pools.reduce((n, p) => n + count(p), 0);
  new Gauge({
    name: 'callcentre_db_pool_connections',
    help: 'Database connections of this process, in use or idle',
    labelNames: ['state'],
    registers,
    collect() {
      this.set(
        { state: 'in_use' },
        sum((p) => p.totalCount - p.idleCount),
      );
      this.set(
        { state: 'idle' },
        sum((p) => p.idleCount),
      );
    },
  });
  new Gauge({
    name: 'callcentre_db_pool_waiting',
    help: 'Queries of this process waiting for a free database connection',
    registers,
    collect() {
      this.set(sum((p) => p.waitingCount));
    },
  });
}

/** The outbox's and the call locks' gauges, and the function that reads them from the database in one statement. */
function gaugeDatabaseFigures(deps: MetricsDeps, registers: Registry[]): () => Promise<void> {
  const outbox = new Gauge({
    name: 'callcentre_mail_outbox_messages',
    help: 'Email outbox messages waiting to be sent (queued) or given up after the last attempt (failed)',
    labelNames: ['status'],
    registers,
  });
  const retrying = new Gauge({
    name: 'callcentre_mail_outbox_retrying',
    help: 'Queued messages whose last attempt failed and that wait for their next one',
    registers,
  });
  const oldest = new Gauge({
    name: 'callcentre_mail_outbox_oldest_queued_seconds',
    help: 'Age of the oldest queued message (0 when none is queued)',
    registers,
  });
  const locks = new Gauge({
    name: 'callcentre_call_locks_open',
    help: 'Calls held open by a user whose heartbeat is within the release time',
    registers,
  });

  return async function readDatabase(): Promise<void> {
    const now = deps.now();
    const staleBefore = new Date(now.getTime() - deps.callLockReleaseSeconds * 1000);
    const [row] = rowsOf<DbFigures>(
      await deps.db.execute(sql`
        select
          (select count(*) from email_outbox where status = 'queued')::int as queued,
          (select count(*) from email_outbox where status = 'queued' and last_error is not null)::int as retrying,
          (select count(*) from email_outbox where status = 'failed')::int as failed,
          (select extract(epoch from ${now.toISOString()}::timestamptz - min(created_at))::float8
             from email_outbox where status = 'queued') as oldest_queued_seconds,
          (select count(*) from call_locks where heartbeat_at > ${staleBefore.toISOString()}::timestamptz)::int as open_locks`),
    );
    if (!row) return;
    outbox.set({ status: 'queued' }, row.queued);
    outbox.set({ status: 'failed' }, row.failed);
    retrying.set(row.retrying);
    oldest.set(Math.max(0, row.oldest_queued_seconds ?? 0));
    locks.set(row.open_locks);
  };
}
