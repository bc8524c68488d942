/**
 * Every route of the contract without its schemas (method, path, who may call it): all the browser needs to call one.
 * The contract's table also holds every route's zod schemas, which the browser never runs, and the module that fills
 * a path's parameters holds that table. So the web app's build (vite.config.ts) replaces this module by the table
 * without schemas and that function, made from the contract as it builds; tests in node read the contract's own table
 * through it (docs/decisions/095-initial-javascript-per-route.md).
 */
import { routes, type RouteName } from '@cc/contract';

export { buildPath } from '@cc/contract';

/** The parts of a route that are schemas, left out of the browser's table. */
type Schemas = 'params' | 'query' | 'body' | 'response';

export type RoutePaths = { readonly [N in RouteName]: Omit<(typeof routes)[N], Schemas> };

export const routePaths: RoutePaths = routes;
