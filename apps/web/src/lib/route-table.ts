/**
 * Every route of the contract as the browser needs it to call one: its method, its path, and whether it is called
 * with the user's session. The contract's table also holds every route's zod schemas and its whole access rule, which
 * the browser never runs (the server decides access), and the module that fills a path's parameters holds that table.
 * So the web app's build (vite.config.ts) replaces this module by this table, made from the contract as it builds,
 * and that function; tests in node make the same table from the contract's own here
 * (docs/decisions/095-initial-javascript-per-route.md).
 */
import { routes, type RouteName } from '@cc/contract';
import { needsSession } from '@cc/domain';

export { buildPath } from '@cc/contract';

export interface RoutePath {
  method: string;
  path: string;
  /** Sent with the user's session (a bearer token), and refused with 401 without one. */
  session: boolean;
}

export type RoutePaths = { readonly [N in RouteName]: RoutePath };

/** The browser's table made from the contract's: the same function makes the build's (vite.config.ts). */
export function browserRouteTable(table: typeof routes): RoutePaths {
  const entries = Object.entries(table).map(([name, route]) => [
    name,
    { method: route.method, path: route.path, session: needsSession(route.access) },
  ]);
  return Object.fromEntries(entries) as RoutePaths;
}

export const routePaths: RoutePaths = browserRouteTable(routes);
