/**
 * Whether an error means the database cannot be reached or is going away, rather than that a statement failed
 * (decision 057): such a request is answered 503 with Retry-After, so a proxy tries another process and a client
 * may send it again; a statement's own failure stays a 500.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { AppError } from '../http/errors.js';

/**
 * SQLSTATEs of a server that ends or refuses the connection: admin_shutdown (pg_terminate_backend, a fast shutdown),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections; and the whole class 08,
 * connection exception.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/** What the socket under node-postgres reports when the server is not there or the connection breaks. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres' and pg-pool's own words for a connection that broke, or could not be had in time. */
const DRIVER_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect$/, /is not queryable$/];

function isUnavailableItself(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code) || SOCKET_CODES.has(code)) return true;
  }
  if (error instanceof AggregateError && error.errors.some((e) => e instanceof Error && isUnavailableItself(e))) {
    return true;
  }
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Follows only the wrappers that carry a database error here: drizzle's failed query and a server failure of the
 * app's own (the end-call step that failed). Never into another service's error (a
 * failed `fetch` wraps a socket error too): those answer 502 or 503 of their own with their own words.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isUnavailableItself(current)) return true;
    const wraps = current instanceof DrizzleQueryError || (current instanceof AppError && current.code === 'INTERNAL');
    if (!wraps) return false;
    current = current.cause;
  }
  return false;
}

/** What the client reads, and when it may try again. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again shortly.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;
