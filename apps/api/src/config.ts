import crypto from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import { EnvSchema } from './config-env.js';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The addresses, CIDRs and range names of the trusted proxies (Fastify's trustProxy); empty: none. */
  trustProxy: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Named prepared statements on a PostgreSQL server (decision 013); off behind a pooler that cannot keep them. */
  databasePreparedStatements: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  mail: {
    /** Whether this process runs the mail worker. */
    worker: boolean;
    /** Where messages are written as .eml files when there is no SMTP server: DATA_DIR/mail. */
    dir: string;
    pollSeconds: number;
    /** Delivery attempts before a message is marked failed. */
    maxAttempts: number;
    /** Wait after the first failed attempt; it doubles with each further one, up to retryMaxSeconds. */
    retrySeconds: number;
    retryMaxSeconds: number;
    /** A sending worker's lease on its message, renewed while it lives: a dead worker's message is free after this. */
    leaseSeconds: number;
  };
  logLevel: string;
  seed: 'auto' | 'never';
  /** `accessSeconds`: a browser's bearer token (a script's lasts as long as its session). */
  session: { idleSeconds: number; maxSeconds: number; accessSeconds: number };
  /** The in-process cache of resolved sessions (decision 042): `seconds` 0 is off. */
  sessionCache: { seconds: number; maxEntries: number };
  signupEnabled: boolean;
  /** Serve the OpenAPI page and document at /api/docs. */
  apiDocs: boolean;
  client: { idleSeconds: number; warningSeconds: number };
  signin: {
    slowAfter: number;
    slowMs: number;
    slowMaxMs: number;
    lockAfter: number;
    lockSeconds: number;
    windowSeconds: number;
  };
  /** The built web app to serve, or undefined to serve none (API only). */
  webDist: string | undefined;
  /** An open call nobody touches for this long is released. */
  callLockReleaseSeconds: number;
  measureItLockSeconds: number;
  /** The floor view's streams (decision 035). */
  floor: { minIntervalMs: number; heartbeatSeconds: number };
  /** Seconds of Wrap-up after a call (decision 076). */
  agentWrapUpSeconds: number;
  /** How often the agent states' sweep runs in this process; 0: it does not (decision 077). */
  agentSweepSeconds: number;
  /** The call search counts up to this many matches (decision 039). */
  callSearchCountLimit: number;
  /** From this $skip on the call and MeasureIt searches count first, and read a page in the last half from the end. */
  gridDeepSkip: number;
  /** The MeasureIt search counts up to this many matches (decisions 039, 041). */
  measureItSearchCountLimit: number;
  /** Pages outside the product; unset ones show as unavailable. */
  links: {
    payBill: string | undefined;
    autoPay: string | undefined;
    evaluation: string | undefined;
    wiki: string | undefined;
    knowledgeBase: string | undefined;
  };
  /** The identity server this application signs in through (decision 038); null: the local sign-in dialog alone. */
  sso: SsoConfig | null;
  /** The demonstration identity server `npm start` runs beside the app (DEMO_IDENTITY_SERVER=on), or null. */
  demoIdentity: { port: number } | null;
  /** Serve the demonstration pages of the payment, autopay and evaluation services (/demo/…). */
  demoPages: boolean;
  /** The customer-management service's key for POST /api/GetUCMS; undefined: no key works. */
  enrollmentApiKey: string | undefined;
  /** The phone system (decisions 074, 075): the events' shared secret (undefined: events are refused) and their age. */
  telephony: { secret: string | undefined; maxAgeSeconds: number; dialUrl: string | undefined };
  /** The demonstration phone system `npm start` runs beside the app (DEMO_PHONE_SYSTEM=on), or null. */
  demoPhone: { port: number } | null;
  /** GET /metrics answers only with this bearer token; undefined turns it off. */
  metricsToken: string | undefined;
  /** The largest file an import of outbound calls reads (UTILITIES_IMPORT_MAX_MB), in bytes. */
  importMaxBytes: number;
  /** Graceful shutdown on SIGTERM/SIGINT (server.ts), in seconds. */
  shutdown: { drainSeconds: number; mailSeconds: number; timeoutSeconds: number };
  /** MeasureIt's imagery, geocoder and static image (decision 037). */
  maps: {
    tileUrl: string;
    tileSubdomains: string[];
    tileAttribution: string;
    tileMaxZoom: number;
    geocoderUrl: string;
    geocoderTimeoutMs: number;
    geocoderUserAgent: string;
    staticMapUrl: string;
    staticMapKey: string | undefined;
  };
}

export interface SsoConfig {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone). */
  clientSecret: string | undefined;
  /** Exactly as registered at the identity server; the return is read against it. */
  redirectUrl: string;
  postLogoutUrl: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse the environment; every bad variable is named in one error so a bad deployment fails at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: { webDist?: string } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const sso = ssoConfig(e);
  const demoPages = e.DEMO_PAGES === 'on' || (e.DEMO_PAGES === 'auto' && e.DATABASE_URL === undefined);
  // The `npm start` demo: the embedded database, given the demo data on its first start.
  const demo = e.DATABASE_URL === undefined && e.SEED === 'auto';
  const onIn = (setting: 'auto' | 'on' | 'off', auto: boolean) => setting === 'on' || (setting === 'auto' && auto);
  const demoLink = (url: string | undefined, page: string) => url ?? (demoPages ? `/demo/${page}` : undefined);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mail: {
      worker: e.MAIL_WORKER === 'on',
      dir: path.join(path.resolve(e.DATA_DIR), 'mail'),
      pollSeconds: e.MAIL_POLL_SECONDS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      retryMaxSeconds: e.MAIL_RETRY_MAX_SECONDS,
      leaseSeconds: e.MAIL_LEASE_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    session: {
      idleSeconds: e.SESSION_IDLE_SECONDS,
      maxSeconds: e.SESSION_MAX_SECONDS,
      accessSeconds: e.ACCESS_TOKEN_SECONDS,
    },
    sessionCache: { seconds: e.SESSION_CACHE_SECONDS, maxEntries: e.SESSION_CACHE_ENTRIES },
    signupEnabled: onIn(e.SIGNUP, demo),
    apiDocs: onIn(e.API_DOCS, demo || e.NODE_ENV === 'development'),
    client: { idleSeconds: e.CLIENT_IDLE_SECONDS, warningSeconds: e.CLIENT_WARNING_SECONDS },
    signin: {
      slowAfter: e.SIGNIN_SLOW_AFTER,
      slowMs: e.SIGNIN_SLOW_MS,
      slowMaxMs: e.SIGNIN_SLOW_MAX_MS,
      lockAfter: e.SIGNIN_LOCK_AFTER,
      lockSeconds: e.SIGNIN_LOCK_SECONDS,
      windowSeconds: e.SIGNIN_WINDOW_SECONDS,
    },
    webDist: e.WEB_DIST ?? defaults.webDist,
    callLockReleaseSeconds: e.CALL_LOCK_RELEASE_SECONDS,
    measureItLockSeconds: e.MEASUREIT_LOCK_SECONDS,
    floor: { minIntervalMs: e.FLOOR_MIN_INTERVAL_MS, heartbeatSeconds: e.FLOOR_HEARTBEAT_SECONDS },
    agentWrapUpSeconds: e.AGENT_WRAP_UP_SECONDS,
    agentSweepSeconds: e.AGENT_SWEEP_SECONDS,
    callSearchCountLimit: e.CALL_SEARCH_COUNT_LIMIT,
    gridDeepSkip: e.GRID_DEEP_SKIP,
    measureItSearchCountLimit: e.MEASUREIT_SEARCH_COUNT_LIMIT,
    links: {
      payBill: demoLink(e.PAY_BILL_URL, 'pay-a-bill'),
      autoPay: demoLink(e.AUTOPAY_URL, 'autopay'),
      evaluation: demoLink(e.EVALUATION_URL, 'evaluation'),
      wiki: e.WIKI_URL,
      knowledgeBase: e.KNOWLEDGE_BASE_URL,
    },
    sso,
    demoIdentity: e.DEMO_IDENTITY_SERVER === 'on' ? { port: e.DEMO_IDENTITY_PORT } : null,
    demoPages,
    enrollmentApiKey: e.ENROLLMENT_API_KEY ?? (demoPages ? crypto.randomBytes(24).toString('base64url') : undefined),
    telephony: {
      secret:
        e.TELEPHONY_SECRET ?? (e.DEMO_PHONE_SYSTEM === 'on' ? crypto.randomBytes(24).toString('base64url') : undefined),
      maxAgeSeconds: e.TELEPHONY_MAX_AGE_SECONDS,
      dialUrl:
        e.TELEPHONY_DIAL_URL ??
        (e.DEMO_PHONE_SYSTEM === 'on' ? `http://127.0.0.1:${e.DEMO_PHONE_PORT}/dial` : undefined),
    },
    demoPhone: e.DEMO_PHONE_SYSTEM === 'on' ? { port: e.DEMO_PHONE_PORT } : null,
    metricsToken: e.METRICS_TOKEN,
    importMaxBytes: e.UTILITIES_IMPORT_MAX_MB * 1024 * 1024,
    shutdown: {
      drainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
      mailSeconds: e.SHUTDOWN_MAIL_SECONDS,
      timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    },
    maps: {
      tileUrl: e.MAP_TILE_URL,
      tileSubdomains: e.MAP_TILE_SUBDOMAINS ? e.MAP_TILE_SUBDOMAINS.split(',') : [],
      tileAttribution: e.MAP_TILE_ATTRIBUTION,
      tileMaxZoom: e.MAP_TILE_MAX_ZOOM,
      geocoderUrl: e.GEOCODER_URL,
      geocoderTimeoutMs: e.GEOCODER_TIMEOUT_MS,
      geocoderUserAgent: e.GEOCODER_USER_AGENT,
      staticMapUrl: e.STATIC_MAP_URL,
      staticMapKey: e.STATIC_MAP_KEY,
    },
  };
}

/**
 * The identity server's settings: all of issuer, client id and redirect URL, or none. With DEMO_IDENTITY_SERVER=on and
 * no issuer, the demonstration identity server on DEMO_IDENTITY_PORT and this server's /signin-oidc.
 */
function ssoConfig(e: z.infer<typeof EnvSchema>): SsoConfig | null {
  if (e.DEMO_IDENTITY_SERVER === 'on' && e.SSO_ISSUER === undefined) {
    return {
      issuer: `http://localhost:${e.DEMO_IDENTITY_PORT}`,
      clientId: e.SSO_CLIENT_ID ?? 'callcentre',
      clientSecret: e.SSO_CLIENT_SECRET,
      redirectUrl: e.SSO_REDIRECT_URL ?? `http://localhost:${e.PORT}/signin-oidc`,
      postLogoutUrl: e.SSO_POST_LOGOUT_URL ?? `http://localhost:${e.PORT}/?noAuth=true`,
    };
  }
  const required = { SSO_ISSUER: e.SSO_ISSUER, SSO_CLIENT_ID: e.SSO_CLIENT_ID, SSO_REDIRECT_URL: e.SSO_REDIRECT_URL };
  const missing = Object.entries(required).filter(([, v]) => v === undefined);
  if (missing.length === 3) {
    if (e.SSO_CLIENT_SECRET !== undefined || e.SSO_POST_LOGOUT_URL !== undefined) {
      throw new ConfigError('Invalid configuration:\n  SSO_ISSUER: needed by the other SSO_ variables');
    }
    return null;
  }
  if (missing.length > 0) {
    const lines = missing.map(([name]) => `  ${name}: needed with the other SSO_ variables`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    issuer: e.SSO_ISSUER as string,
    clientId: e.SSO_CLIENT_ID as string,
    clientSecret: e.SSO_CLIENT_SECRET,
    redirectUrl: e.SSO_REDIRECT_URL as string,
    postLogoutUrl: e.SSO_POST_LOGOUT_URL,
  };
}

/** Every environment variable the server reads; the README's configuration table lists each (config.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);
