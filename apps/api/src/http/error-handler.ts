import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/unavailable.js';
import { AppError } from './errors.js';
import { givenName } from './odata-options.js';

/** A failed check as fastify-type-provider-zod reports it: zod's code as the keyword, its path as the instance path. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { issues?: { message?: string }[] };
}

/**
 * A record with a key it does not take (a survey answer under a name that is no question id) names the record, not
 * the key: a key is the caller's text and may hold any character, '/' too, so the record's place is found by walking
 * the route's own schema along the path as far as it names fields.
 */
const badKey = (issue: ValidationIssue) => issue.keyword === 'invalid_key';

interface SchemaNode {
  def?: { type?: string; innerType?: SchemaNode; in?: SchemaNode; element?: SchemaNode };
  shape?: Record<string, SchemaNode>;
}

function fieldsAlong(schema: SchemaNode | undefined, parts: string[]): string[] {
  const named: string[] = [];
  let node = schema;
  for (const part of parts) {
    while (node?.def && ['optional', 'nullable', 'default', 'pipe', 'readonly'].includes(node.def.type ?? '')) {
      node = node.def.innerType ?? node.def.in;
    }
    if (node?.def?.type === 'object' && node.shape && Object.hasOwn(node.shape, part)) node = node.shape[part];
    else if (node?.def?.type === 'array' && /^\d+$/.test(part)) node = node.def.element;
    else break;
    named.push(part);
  }
  return named;
}

function fieldOf(issue: ValidationIssue, context: string | undefined, request: FastifyRequest): string {
  const parts = (issue.instancePath ?? '').split('/').slice(1);
  const schema = (request.routeOptions.schema as Record<string, SchemaNode> | undefined)?.[context ?? 'body'];
  const fromInstance = (badKey(issue) ? fieldsAlong(schema, parts) : parts).join('.');
  return fromInstance || context || 'body';
}

/**
 * A failure of the server: the same words whatever failed (never the database's text, which may hold a customer's
 * data or the schema), and the request's id, which is on the error's log line.
 */
const internal = (request: FastifyRequest) => ({
  error: 'INTERNAL',
  message: 'Something went wrong on the server.',
  requestId: request.id,
});

/**
 * Errors the router meets before any route runs (Fastify's `frameworkErrors`), answered in the API's shape rather
 * than Fastify's own: a path whose percent-escapes are not UTF-8 ('%FF'), a path segment past the length limit.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    const message = 'is not a valid URL (a % must start a UTF-8 escape)';
    void reply.status(400).send({ error: 'VALIDATION', message: `path: ${message}`, errors: { path: message } });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const message = 'has a part that is too long';
    void reply.status(414).send({ error: 'VALIDATION', message: `path: ${message}`, errors: { path: message } });
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send(internal(request));
}

/** The calls under /api/odata/ speak OData: their failures answer `{"error":{"code","message"}}` (decision 033). */
export const ODATA_PREFIX = '/api/odata/';

function shaped(request: FastifyRequest, body: { error: string; message: string; [key: string]: unknown }) {
  if (!request.url.startsWith(ODATA_PREFIX)) return body;
  const { error: code, message, errors, requestId } = body;
  return {
    error: {
      code,
      message,
      ...(errors
        ? {
            details: Object.entries(errors as Record<string, string>).map(([target, text]) => ({
              code,
              target,
              message: text,
            })),
          }
        : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}

export function registerErrorHandler(app: FastifyInstance, options: { spaIndex: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database cannot be reached or is going away: another process, or the same a moment later, may serve the
    // request, so it answers 503 with Retry-After, which the proxy retries where a repeat is safe (decision 057).
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database is unavailable');
      const step = error instanceof AppError && error.step ? { step: error.step } : {};
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          shaped(request, {
            error: 'UNAVAILABLE',
            message: DATABASE_UNAVAILABLE_MESSAGE,
            ...step,
            requestId: request.id,
          }),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation as ValidationIssue[]) {
        const field = givenName(request, fieldOf(issue, error.validationContext, request));
        // The key's own rule says what a key must be ('must be a question id').
        const keyRule = issue.params?.issues?.[0]?.message ?? 'is not one it takes';
        errors[field] ??= badKey(issue) ? `a key ${keyRule}` : (issue.message ?? 'is invalid');
      }
      const [field, message] = Object.entries(errors)[0] ?? ['body', 'is invalid'];
      return reply.status(400).send(shaped(request, { error: 'VALIDATION', message: `${field}: ${message}`, errors }));
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(
        shaped(request, {
          error: error.code,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.step ? { step: error.step } : {}),
          ...(error.status >= 500 ? { requestId: request.id } : {}),
        }),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(internal(request));
    }
    // Fastify's own client errors (malformed JSON, wrong content type, body too large).
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const isBody = status === 400 || status === 413 || status === 415;
      return reply.status(status).send(
        shaped(request, {
          error: isBody ? 'VALIDATION' : `HTTP_${status}`,
          message: isBody ? `body: ${error.message}` : error.message,
        }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(internal(request));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .status(404)
        .send({ error: 'NOT_FOUND', message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
    }
    // Every other path belongs to the web app, which routes it in the browser.
    if (options.spaIndex && request.method === 'GET') {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'NOT_FOUND', message: 'Not found.' });
  });
}
