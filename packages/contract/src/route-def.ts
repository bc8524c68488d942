import type { z } from 'zod';
import type { Access } from '@cc/domain';

/** One row of the route table. */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path with `:param` segments. */
  path: string;
  /**
   * Who may call it (`ACCESS` in @cc/domain): `'public'`, or the roles, applications and permission a signed-in
   * user needs. The server enforces it before any handler runs; the web app's guards read the same rules.
   */
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
