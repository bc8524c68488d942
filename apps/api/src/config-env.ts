/**
 * The environment variables the server reads, with their checks and defaults: what `loadConfig` turns into a
 * `Config`. Kept apart from it so that the list reads as one table.
 */
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

export const EnvSchema = z.object({
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
  /**
   * How often each process records the ended Wrap-ups and lapsed sessions nobody touched (decision 077); 0: never, so
   * a test sees what its requests record by themselves.
   */
  AGENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
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
