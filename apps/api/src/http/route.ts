import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { routes, type RouteName, type Routes } from '@cc/contract';
import { heldForPasswordChange, mayAccess, needsSession, type Access } from '@cc/domain';
import type { AuthUser } from './auth.js';
import { authenticate } from './auth.js';
import { forbidden, passwordChangeRequired } from './errors.js';
import { ODATA_PREFIX } from './error-handler.js';
import { applyODataOptions } from './odata-options.js';
import type { AppContext } from '../context.js';
import { compiledSerializer } from './compiled-serializer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's access rule, as the contract declares it (routes outside the contract have none). */
    access?: Access;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Field<N extends RouteName, K extends string> = Routes[N] extends Record<K, infer S> ? Out<S> : undefined;

export interface HandlerInput<N extends RouteName> {
  params: Field<N, 'params'>;
  query: Field<N, 'query'>;
  body: Field<N, 'body'>;
  user: Routes[N]['access'] extends 'public' | 'sharedSecret' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<N extends RouteName> = (input: HandlerInput<N>) => Promise<z.input<Routes[N]['response']>>;

/** An API route as registered: what the access-matrix test compares with the contract's table. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Paths under /api that are not calls of the contract: the OpenAPI page and its assets. */
const OUTSIDE_CONTRACT = /^\/api\/docs(\/|$)/;

/**
 * Watch every route registered from here on: a route under /api that does not come from the contract's table (and
 * so declares no access rule) stops the server at start, so it can never be served unguarded. Answers the list of
 * registered API routes.
 */
export function requireAccessDeclarations(app: FastifyInstance): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || OUTSIDE_CONTRACT.test(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} is served without an access rule: add it to the contract`);
    }
    for (const method of [route.method].flat()) registered.push({ method, url: route.url, access });
  });
  return registered;
}

/** What the OpenAPI description says of a route's access rule. */
function describeAccess(access: Access): string {
  if (access === 'public') return 'Public: no session needed.';
  if (access === 'sharedSecret') return 'A system outside, by the signature of the shared secret; no session.';
  const parts = [
    access.roles ? `roles ${access.roles.join(', ')}` : '',
    access.apps ? `application ${access.apps.join(' or ')}` : '',
    access.permission ? `permission ${access.permission.id} = ${access.permission.value}` : '',
  ].filter(Boolean);
  return `Access: ${access.name}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}; role 1 passes every check.`;
}

/**
 * Register one endpoint of the contract's route table: method, path, schemas and access rule come from the
 * contract, so the server validates and authorizes exactly what the client was typed against. Who may call it is
 * settled first, before the body is parsed or validated: without a session the answer is 401, without the role,
 * application or permission the rule asks for it is 403, and no handler runs.
 */
export function defineRoute<N extends RouteName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: Handler<N>,
  options: {
    status?: number;
    /**
     * A credential other than the bearer header, tried first (the floor stream's ticket, decision 035): answers the
     * user, or null to fall back to the bearer header. The access rule applies to whichever user it is.
     */
    credential?: (request: FastifyRequest) => Promise<AuthUser | null>;
    /**
     * The check of a `sharedSecret` route's signature (decision 074), run before its body is validated: throws to
     * refuse. Such a route cannot be registered without it.
     */
    verify?: (request: FastifyRequest) => Promise<void>;
    /**
     * The answer is a large read whose rows are the contract's fields exactly: written by fast-json-stringify from
     * the response schema instead of through zod's check of every value (compiled-serializer.ts; checked all the
     * same outside production).
     */
    compiled?: boolean;
  } = {},
): void {
  const def = routes[name] as Routes[N] & { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  const access: Access | undefined = def.access;
  // The type requires a declaration; this stops a route built around the type (a cast, plain JavaScript) at start.
  if (access === undefined) throw new Error(`Route ${name} declares no access rule`);
  const signedIn = needsSession(access);
  const verify = options.verify;
  if (access === 'sharedSecret' && !verify)
    throw new Error(`Route ${name} declares a shared secret but no check of it`);
  const status = options.status ?? 200;
  const users = new WeakMap<FastifyRequest, AuthUser>();
  // A call under /api/odata/ reads its system query options as OData 4.01 spells them and refuses what it would
  // otherwise ignore (odata-options.ts), before its schema sees the query.
  const odataParams =
    def.path.startsWith(ODATA_PREFIX) && def.query && 'shape' in def.query ? Object.keys(def.query.shape) : null;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(access === 'sharedSecret' && verify ? { preValidation: verify } : {}),
    ...(odataParams
      ? {
          preValidation: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
            try {
              applyODataOptions(request, odataParams);
              done();
            } catch (error) {
              done(error as Error);
            }
          },
        }
      : {}),
    ...(signedIn
      ? {
          onRequest: async (request: FastifyRequest) => {
            const user = (await options.credential?.(request)) ?? (await authenticate(ctx, request));
            // Said apart from a plain refusal, so that a client knows to ask for the new password (decision 064).
            if (heldForPasswordChange(access, user)) throw passwordChangeRequired();
            if (!mayAccess(access, user)) throw forbidden();
            users.set(request, user);
          },
        }
      : {}),
    ...(options.compiled
      ? {
          serializerCompiler: () => compiledSerializer(def.response, name, ctx.config.env !== 'production'),
        }
      : {}),
    method: def.method,
    url: def.path,
    config: { access },
    schema: {
      operationId: name,
      description: describeAccess(access),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { [status]: def.response },
      ...(signedIn ? { security: [{ bearer: [] }] } : {}),
    },
    handler: async (request, reply) => {
      const user = signedIn ? users.get(request) : null;
      const result = await handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        user: user as never,
        request,
        reply,
      });
      return reply.status(status).send(result);
    },
  });
}
