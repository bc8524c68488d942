/** One endpoint of the route table; its own module so that routes.ts and end-call-routes.ts both import it. */
import type { z } from 'zod';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path with `:param` segments. */
  path: string;
  /** Whether a signed-in session is required. */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
