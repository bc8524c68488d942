/**
 * Operations endpoints, outside /api (they are not calls of the product, and its route table and access
 * declarations do not list them): GET /healthz (the process answers), GET /readyz (it can serve: the database
 * answers, its migrations are current, and it is not shutting down) and GET /metrics (Prometheus, behind a bearer
 * token, decision 016).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { registerMetrics } from './metrics.js';
import { createReadinessCheck } from './readiness.js';

function sameSecret(given: string, expected: string): boolean {
  // Hash both sides first: timingSafeEqual needs equal lengths, and the length must not leak either.
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

export function registerOpsRoutes(app: FastifyInstance, deps: { config: Config; db: Db; now: () => Date }): void {
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // While draining, a kept-alive connection gets its answer and then closes, so the client opens its next
  // connection elsewhere instead of finding this one reset.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.draining) reply.header('Connection', 'close');
    return payload;
  });

  const hide = { schema: { hide: true } };
  app.get('/healthz', hide, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });

  const readiness = createReadinessCheck(deps.db, app.log);
  app.get('/readyz', hide, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (lifecycle.draining) {
      return reply.status(503).send({ status: 'draining', database: 'unknown', migrations: 'unknown' });
    }
    const { ready, ...checks } = await readiness();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...checks });
  });

  const token = deps.config.metricsToken;
  const metrics = registerMetrics(app, {
    db: deps.db,
    now: deps.now,
    callLockReleaseSeconds: deps.config.callLockReleaseSeconds,
    log: app.log,
  });
  app.get('/metrics', hide, async (request, reply) => {
    if (token === undefined) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN.' });
    }
    const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (given === undefined || !sameSecret(given, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ error: 'UNAUTHORIZED', message: 'authorization: the metrics token is missing or wrong' });
    }
    const { contentType, text } = await metrics.render();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(text);
  });
}
