import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { CALL_SEARCH_COUNT_LIMIT, MEASUREIT_SEARCH_COUNT_LIMIT } from '@cc/contract';
import {
  DEFAULT_WRAP_UP_SECONDS,
  IDLE_TIMEOUT_SECONDS,
  IDLE_WARNING_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS,
} from '@cc/domain';
import { trustProxyVar } from './config-trust-proxy.js';

const intVar = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const DEFAULT_TILE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const DEFAULT_TILE_ATTRIBUTION =
  'Tiles &copy; Esri &mdash; Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (decision 059); unset, none: the client is
   * the socket's peer, so no client can choose the address the sign-in throttle counts against.
   */
  TRUST_PROXY: trustProxyVar,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: intVar(10),
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Call Centre <no-reply@callcentre.local>'),
  /** on: this process delivers the outbox; off: another process does (or nobody, in tests). */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  MAIL_POLL_SECONDS: intVar(15),
  MAIL_MAX_ATTEMPTS: intVar(5),
  MAIL_RETRY_SECONDS: intVar(60),
  MAIL_RETRY_MAX_SECONDS: intVar(3600),
  /** How long a worker's claim on a message lasts unless renewed (every third of it while sending). */
  MAIL_LEASE_SECONDS: intVar(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: demo data goes into a new embedded database only; never: not even there. */
  SEED: z.enum(['auto', 'never']).default('auto'),
  SESSION_IDLE_SECONDS: intVar(SESSION_IDLE_SECONDS),
  SESSION_MAX_SECONDS: intVar(SESSION_MAX_SECONDS),
  /** A resolved session is kept in memory this long at most (decision 042); 0 turns the cache off. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SESSION_CACHE_ENTRIES: intVar(10_000),
  /** A browser's bearer token lasts this long; the web app gets a new one through the refresh cookie before. */
  ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  CLIENT_IDLE_SECONDS: intVar(IDLE_TIMEOUT_SECONDS),
  CLIENT_WARNING_SECONDS: intVar(IDLE_WARNING_SECONDS),
  /**
   * on: anyone may create an account at the sign-up form; off: only administrators create accounts; auto: on in the
   * demo only (the embedded database, which `SEED=auto` fills with demo data), off on a server (decision 059).
   */
  SIGNUP: z.enum(['auto', 'on', 'off']).default('auto'),
  /** The OpenAPI page and document at /api/docs; auto: on in the demo and in development, off otherwise (decision 059). */
  API_DOCS: z.enum(['auto', 'on', 'off']).default('auto'),
  SIGNIN_SLOW_AFTER: intVar(3),
  SIGNIN_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  /** The longest wait of one attempt, whatever the counts: what an attacker's failures cost the real user at most. */
  SIGNIN_SLOW_MAX_MS: z.coerce.number().int().min(0).default(10_000),
  SIGNIN_LOCK_AFTER: intVar(5),
  SIGNIN_LOCK_SECONDS: intVar(15 * 60),
  SIGNIN_WINDOW_SECONDS: intVar(15 * 60),
  WEB_DIST: z.string().optional(),
  CALL_LOCK_RELEASE_SECONDS: intVar(600),
  /** A measurement being edited is held this long unless saved, cancelled or opened again (decision 036). */
  MEASUREIT_LOCK_SECONDS: intVar(1800),
  /** The floor view's streams (decision 035): a scope is read again at most this often, and a comment keeps it open. */
  FLOOR_MIN_INTERVAL_MS: intVar(500),
  FLOOR_HEARTBEAT_SECONDS: intVar(20),
  /** After a call ends, a CSR is in Wrap-up this long, then Ready (decision 076); 0 goes straight to Ready. */
  AGENT_WRAP_UP_SECONDS: z.coerce.number().int().min(0).max(3600).default(DEFAULT_WRAP_UP_SECONDS),
  /** The call search counts its matches up to this many; past it the answer says "more than" (decision 039). */
  CALL_SEARCH_COUNT_LIMIT: intVar(CALL_SEARCH_COUNT_LIMIT),
  /** From this $skip on, a search grid's page in the last half of an exact count is read from the end (decision 051). */
  GRID_DEEP_SKIP: intVar(1000),
  MEASUREIT_SEARCH_COUNT_LIMIT: intVar(MEASUREIT_SEARCH_COUNT_LIMIT),
  PAY_BILL_URL: z.url().optional(),
  AUTOPAY_URL: z.url().optional(),
  EVALUATION_URL: z.url().optional(),
  WIKI_URL: z.url().optional(),
  KNOWLEDGE_BASE_URL: z.url().optional(),
  /**
   * Single sign-on through an OpenID Connect identity server (decision 038): its issuer URL (discovery), this
   * application's client id there, the client secret when the client is confidential, the redirect URL registered
   * there (this application's /signin-oidc) and where the identity server sends the browser after signing out. None
   * set: the local sign-in dialog alone.
   */
  SSO_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  SSO_CLIENT_ID: z.string().min(1).max(200).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  SSO_REDIRECT_URL: z.url({ protocol: /^https?$/ }).optional(),
  SSO_POST_LOGOUT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** on: `npm start` runs a demonstration identity server with the demo accounts beside the app, and signs in there. */
  DEMO_IDENTITY_SERVER: z.enum(['on', 'off']).default('off'),
  DEMO_IDENTITY_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /**
   * auto: on with the embedded database (npm start), off with a server. On, the links of a call that have no URL
   * point at the demonstration pages this server serves (/demo/…), and POST /api/GetUCMS answers those pages with a
   * key made at start when ENROLLMENT_API_KEY is unset (decision 027).
   */
  DEMO_PAGES: z.enum(['auto', 'on', 'off']).default('auto'),
  /** The key the customer-management service sends to POST /api/GetUCMS; unset (and no demo pages): no key works. */
  ENROLLMENT_API_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{24,}$/, 'must be at least 24 printable characters without spaces')
    .optional(),
  /**
   * The secret the phone system signs its events with (HMAC-SHA256, decision 074); unset, POST /api/telephony/events
   * answers 503 and nothing is accepted.
   */
  TELEPHONY_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{24,}$/, 'must be at least 24 printable characters without spaces')
    .optional(),
  /**
   * Where the app posts its signed dial requests (click-to-dial, decision 075): JSON { agent, number, callId, time }
   * signed as the events are. Unset: the web app shows numbers as tel: links (with DEMO_PHONE_SYSTEM=on, the demo's).
   */
  TELEPHONY_DIAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A signed event older (or further ahead) than this is refused as stale. */
  TELEPHONY_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * on: `npm start` runs the local phone system beside the app (a page on DEMO_PHONE_PORT that rings a chosen CSR with
   * a chosen number; decision 075), signing with TELEPHONY_SECRET or, unset, a secret made at start.
   */
  DEMO_PHONE_SYSTEM: z.enum(['on', 'off']).default('off'),
  DEMO_PHONE_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** The bearer token GET /metrics asks for; unset, /metrics is off (decision 016). */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,}$/, 'must be at least 24 printable characters without spaces')
    .optional(),
  /** After SIGTERM: how long kept-alive connections are still served (answers say Connection: close). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).default(5),
  /** After SIGTERM: the longest wait for the mail worker's message in progress. */
  SHUTDOWN_MAIL_SECONDS: z.coerce.number().int().min(0).default(10),
  /** The largest CSV file (or JSON of its rows) an import of outbound calls reads, in MB (decision 030). */
  UTILITIES_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(1024).default(20),
  /** After SIGTERM: the whole shutdown's bound; past it the process exits with status 1. */
  SHUTDOWN_TIMEOUT_SECONDS: intVar(30),
  /** MeasureIt's satellite imagery (decision 037): a Leaflet URL template with {z}, {x}, {y} (and {s}). */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL template')
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
    .default(DEFAULT_TILE_URL),
  /** The letters {s} takes, comma-separated (e.g. a,b,c); empty when the template has no {s}. */
  MAP_TILE_SUBDOMAINS: z
    .string()
    .regex(/^[a-z0-9]*(,[a-z0-9]+)*$/i, 'must be letters or digits separated by commas')
    .default(''),
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(500).default(DEFAULT_TILE_ATTRIBUTION),
  /** The deepest zoom the imagery has tiles for (the map magnifies past it). */
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(24).default(19),
  /** A Nominatim-compatible search endpoint (…/search), called by the server for MeasureIt's address search. */
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).default('https://nominatim.openstreetmap.org/search'),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Sent as User-Agent to the geocoder (Nominatim's usage policy asks every application to name itself). */
  GEOCODER_USER_AGENT: z.string().min(3).max(200).default('callcentre-measureit/1.0'),
  /** The static-maps provider of a saved measurement's image (ImagePath) and its key. */
  STATIC_MAP_URL: z.url({ protocol: /^https?$/ }).default('https://maps.googleapis.com/maps/api/staticmap'),
  STATIC_MAP_KEY: z.string().regex(/^\S+$/, 'must have no spaces').optional(),
});

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
