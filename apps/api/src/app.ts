import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { registerEnrollmentRoutes } from './features/enrollment/routes.js';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { createNotices, type Notices } from './db/notices.js';
import { SessionCache } from './http/session-cache.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import { requireAccessDeclarations, type RegisteredRoute } from './http/route.js';
import { serializeError, serializeRequest } from './http/log-redaction.js';
import {
  API_CACHE_CONTROL,
  contentSecurityPolicy,
  isApiUrl,
  securityHeaders,
  tileImageOrigin,
} from './http/security-headers.js';
import { registerAuthRoutes } from './features/auth/index.js';
import { logoutUrl, registerSsoRoutes } from './features/sso/index.js';
import { registerDashboardRoutes } from './features/dashboard/index.js';
import { registerProfileRoutes } from './features/profile/index.js';
import { registerInboundRoutes } from './features/inbound/index.js';
import { registerOutboundRoutes } from './features/outbound/index.js';
import { registerCurrentCallRoutes } from './features/current-call/index.js';
import { registerPricingRoutes } from './features/pricing/index.js';
import { registerEndCallRoutes } from './features/end-call/index.js';
import { createMailTransport, createMailWorker, MAIL_CHANNEL, type MailWorker } from './features/mail/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's mail worker (started on ready when MAIL_WORKER is on, stopped on close). */
    mailWorker: MailWorker;
    /** Every route served under /api, with its access rule (each one comes from the contract's table). */
    apiRoutes: RegisteredRoute[];
    /** Set by server.ts on SIGTERM: /readyz answers 503 and every answer closes its connection (ops/routes.ts). */
    lifecycle: { draining: boolean };
    /** The floor view's open streams (decision 035); server.ts ends them when it starts draining. */
    floorHub: FloorHub;
    /** The screen pops' streams of this process (decision 075): ended at shutdown like the floor's. */
    popHub: { close(): void };
    /** The process's LISTEN connection and the session cache it keeps true (decision 042). */
    notices: Notices;
    sessionCache: SessionCache;
  }
}
import { registerQuotesRoutes } from './features/quotes/index.js';
import { registerUserRoutes } from './features/users/index.js';
import { registerCallSearchRoutes } from './features/call-search/index.js';
import { registerFranchiseConfigRoutes } from './features/franchise-configs/index.js';
import { registerAssignmentRoutes } from './features/assignments/index.js';
import { registerOutboundImportRoutes } from './features/outbound-import/index.js';
import { registerSupervisorFloorRoutes, type FloorHub } from './features/supervisor-floor/index.js';
import { registerReportRoutes } from './features/reports/index.js';
import { registerTelephonyRoutes } from './features/telephony/index.js';
import { registerPhoneLineRoutes } from './features/phone-lines/index.js';
import { registerMeasureItRoutes } from './features/measureit/index.js';
import { registerMeasureItSearchRoutes } from './features/measureit-search/index.js';
import { registerMapsRoutes } from './features/maps/index.js';
import { registerAgentStateRoutes } from './features/agent-states/index.js';
import { registerOpsRoutes } from './ops/routes.js';

export interface AppDeps {
  db: Db;
  now?: () => Date;
  /** Test hooks (fault injection at an end-call step); never set in production. */
  hooks?: AppContext['hooks'];
  /** Where the log goes instead of standard output (the tests read it). */
  logStream?: { write(line: string): void };
}

/** The largest request body the server reads; a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The whole server, used by server.ts and by the tests (through `app.inject`). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = createFastify(config, deps);
  const now = deps.now ?? (() => new Date());
  const mailWorker = addMailWorker(app, config, deps.db, now);
  const { notices, sessionCache } = await addNotices(app, config, deps.db, mailWorker);
  const ctx: AppContext = {
    config,
    db: deps.db,
    now,
    log: app.log,
    mail: mailWorker,
    notices,
    sessionCache,
    hooks: deps.hooks,
  };
  addResponseHeaders(app, config);
  // Reads the refresh cookie of POST /api/auth/refresh, and sets it (decision 022).
  await app.register(fastifyCookie);
  registerOpsRoutes(app, { config, db: deps.db, now });
  await registerApiDocs(app, config);
  await serveWebApp(app, config);
  await registerFeatureRoutes(app, ctx);
  return app;
}

/** The Fastify instance with its logger, request ids, proxies, body limit and the contract's validation. */
function createFastify(config: Config, deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // No personal data in the log: values are dropped from failed statements and query strings.
            serializers: { err: serializeError, req: serializeRequest },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // A random id per request, in every log line of the request and on its answer (X-Request-Id), so a 500's id
    // finds its log line; a client's own id is not taken, since it could name another request's lines.
    genReqId: () => crypto.randomUUID(),
    // The forwarded headers are believed from the configured proxies only: from anyone else they would let a
    // client choose its address, which the sign-in throttle counts against (decision 059).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  app.decorate('apiRoutes', requireAccessDeclarations(app));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** The outbox's mail worker, stopped when the app closes. */
function addMailWorker(app: FastifyInstance, config: Config, db: Db, now: () => Date): MailWorker {
  const mailWorker = createMailWorker({
    db,
    transport: createMailTransport(config),
    mailFrom: config.mailFrom,
    now,
    log: app.log,
    pollSeconds: config.mail.pollSeconds,
    maxAttempts: config.mail.maxAttempts,
    retrySeconds: config.mail.retrySeconds,
    retryMaxSeconds: config.mail.retryMaxSeconds,
    leaseSeconds: config.mail.leaseSeconds,
  });
  app.decorate('mailWorker', mailWorker);
  // Stop before the database closes (server.ts and the tests close the app first): a delivery in progress may
  // finish; after SHUTDOWN_MAIL_SECONDS a send is aborted, and the message given back, unless the server already has
  // the whole message, which is waited for under a lease still renewed, so no other worker sends it again (decision
  // 058; SHUTDOWN_TIMEOUT_SECONDS bounds the wait).
  app.addHook('onClose', async () => {
    await mailWorker.stop({ abortAfterMs: config.shutdown.mailSeconds * 1000 });
  });
  return mailWorker;
}

/**
 * The process's LISTEN connection and the session cache it keeps true; with MAIL_WORKER on, the worker starts when
 * the app is ready and is woken by the outbox's notices.
 */
async function addNotices(
  app: FastifyInstance,
  config: Config,
  db: Db,
  mailWorker: MailWorker,
): Promise<{ notices: Notices; sessionCache: SessionCache }> {
  const notices = createNotices(db, app.log);
  const sessionCache = new SessionCache({
    ttlMs: config.sessionCache.seconds * 1000,
    maxEntries: config.sessionCache.maxEntries,
    notices,
  });
  await sessionCache.start();
  app.decorate('notices', notices);
  app.decorate('sessionCache', sessionCache);
  if (config.mail.worker) {
    app.addHook('onReady', async () => {
      // Mail queued by any process wakes this worker at its commit (migration 0040's trigger), so a process without a
      // worker does not leave its mail to the next poll; the poll stays as the safety net (decision 058).
      await notices.listen(MAIL_CHANNEL, () => mailWorker.nudge());
      notices.onListening(() => mailWorker.nudge());
      mailWorker.start();
    });
  }
  // Closed after everything that listens (the floor's streams end in preClose).
  app.addHook('onClose', async () => {
    await notices.close();
  });
  return { notices, sessionCache };
}

/** Every answer's request id and security headers; `/api` answers are never cached. */
function addResponseHeaders(app: FastifyInstance, config: Config): void {
  // The satellite tiles and the saved measurements' static images (ImagePath) are shown from their providers.
  const imageOrigins = [tileImageOrigin(config.maps.tileUrl), tileImageOrigin(config.maps.staticMapUrl)];
  const policy = contentSecurityPolicy([...new Set(imageOrigins.filter((o): o is string => o !== undefined))]);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    for (const [name, value] of securityHeaders(request.protocol === 'https', policy)) reply.header(name, value);
    if (isApiUrl(request.url)) reply.header('Cache-Control', API_CACHE_CONTROL);
    return payload;
  });
}

/**
 * The whole API's map, every route and its access rule, is for the demo and development unless API_DOCS says
 * otherwise; without it /api/docs is an unknown path (decision 059).
 */
async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.apiDocs) return;
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Call Centre API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/** The error handler, and the built web app when there is one (any path outside /api answers its index.html). */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = config.webDist && fs.existsSync(path.join(config.webDist, 'index.html')) ? config.webDist : undefined;
  registerErrorHandler(app, { spaIndex: webDist !== undefined });
  if (!webDist) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: 'index.html',
    // The build writes each asset brotli- and gzip-compressed beside itself: the browser gets the smallest it accepts,
    // with no compression spent per request (docs/decisions/105-compressed-assets.md).
    preCompressed: true,
    // Hashed assets may be cached; index.html (in any of its encodings) must be revalidated so a deployment shows at
    // once.
    setHeaders: (res, filePath) => {
      const page = /index\.html(\.(br|gz))?$/.test(filePath);
      res.header('Cache-Control', page ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
}

/** Every feature's endpoints, from the contract's route table. */
async function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAuthRoutes(app, ctx, logoutUrl);
  registerSsoRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerInboundRoutes(app, ctx);
  registerOutboundRoutes(app, ctx);
  registerCurrentCallRoutes(app, ctx);
  registerPricingRoutes(app, ctx);
  registerEndCallRoutes(app, ctx);
  registerQuotesRoutes(app, ctx);
  registerEnrollmentRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerCallSearchRoutes(app, ctx);
  registerFranchiseConfigRoutes(app, ctx);
  registerAssignmentRoutes(app, ctx);
  registerOutboundImportRoutes(app, ctx);
  registerMeasureItRoutes(app, ctx);
  registerMeasureItSearchRoutes(app, ctx);
  await registerSupervisorFloorRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerAgentStateRoutes(app, ctx);
  await registerTelephonyRoutes(app, ctx);
  registerPhoneLineRoutes(app, ctx);
  registerMapsRoutes(app, ctx);
}
