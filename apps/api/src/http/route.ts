import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { routes, type RouteName, type Routes } from '@cc/contract';
import type { AuthUser } from './auth.js';
import { authenticate } from './auth.js';
import type { AppContext } from '../context.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Field<N extends RouteName, K extends string> = Routes[N] extends Record<K, infer S> ? Out<S> : undefined;

export interface HandlerInput<N extends RouteName> {
  params: Field<N, 'params'>;
  query: Field<N, 'query'>;
  body: Field<N, 'body'>;
  user: Routes[N]['auth'] extends true ? AuthUser : AuthUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer the database has already written as JSON text, in the shape of the route's response schema: sent as it
 * is, without turning the text into objects and back (a search of a few hundred rows spent most of the server's time
 * on that). Outside production the text is still parsed and checked against the schema, so the tests hold it to the
 * contract like any other answer.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Handler<N extends RouteName> = (
  input: HandlerInput<N>,
) => Promise<z.input<Routes[N]['response']> | RawJson>;

/**
 * Register one endpoint of the contract's route table: method, path and schemas come from the
 * contract, so the server validates exactly what the client was typed against.
 */
export function defineRoute<N extends RouteName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: Handler<N>,
  options: { status?: number } = {},
): void {
  const def = routes[name] as Routes[N] & { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  const status = options.status ?? 200;
  // Who is asking is settled before the request is validated: without a session the answer is 401, not 400.
  const users = new WeakMap<FastifyRequest, AuthUser>();
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(def.auth
      ? {
          onRequest: async (request: FastifyRequest) => {
            users.set(request, await authenticate(ctx, request));
          },
        }
      : {}),
    method: def.method,
    url: def.path,
    schema: {
      operationId: name,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { [status]: def.response },
      ...(def.auth ? { security: [{ bearer: [] }] } : {}),
    },
    handler: async (request, reply) => {
      const user = def.auth ? users.get(request) : null;
      const result = await handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        user: user as never,
        request,
        reply,
      });
      if (result instanceof RawJson) {
        if (ctx.config.env !== 'production') def.response.parse(JSON.parse(result.text));
        return reply
          .status(status)
          .type('application/json; charset=utf-8')
          .send(result.text as never);
      }
      return reply.status(status).send(result);
    },
  });
}
