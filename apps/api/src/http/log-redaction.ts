/**
 * What the server's log may hold (docs/decisions/017-input-bounds.md): no personal data. A failed
 * statement's error carries its parameters (a customer's email, phone and address) in its message, and the
 * database's own error repeats values in its message, detail ('Failing row contains (…)') and context; a query string
 * carries what was searched for (a name, a phone number). These serializers keep what finds the fault — the SQL with
 * its placeholders, the SQLSTATE, the constraint, table and column, the stack — and drop the values.
 */
import type { FastifyRequest } from 'fastify';

/** Fields of a database error that name where it failed, never what was in the row. */
const KEPT_FIELDS = ['code', 'severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine', 'step'];

interface QueryError extends Error {
  query: string;
  params: unknown[];
}
const isQueryError = (error: Error): error is QueryError =>
  'query' in error && typeof error.query === 'string' && 'params' in error && Array.isArray(error.params);
/** PostgreSQL's errors (node-postgres and PGlite alike) carry a severity and the server routine that raised them. */
const isDatabaseError = (error: Error) => 'severity' in error && 'routine' in error;

/** Values the database quotes in a message ('invalid input syntax for type integer: "abc"'). */
const withoutLiterals = (message: string) => message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"');

function messageOf(error: Error): string {
  if (isQueryError(error)) return `Failed query: ${error.query}\nparams: (${error.params.length} values not logged)`;
  if (isDatabaseError(error)) return withoutLiterals(error.message);
  return error.message;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** An error for the log: its message and stack without values, its cause likewise. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a value that is not an Error was thrown', stack: '' };
  const type = error.constructor.name || error.name;
  const message = messageOf(error);
  // The stack starts with the message: keep only its frames.
  const frames = (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of KEPT_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** A request for the log: the path, and of the query string only the names. */
export function serializeRequest(request: FastifyRequest) {
  const [path = '', query] = request.url.split('?', 2);
  const names = query === undefined ? [] : [...new URLSearchParams(query).keys()];
  return {
    method: request.method,
    url: names.length > 0 ? `${path}?${names.map((n) => `${n}=…`).join('&')}` : path,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
