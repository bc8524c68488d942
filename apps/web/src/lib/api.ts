/**
 * The one API client: calls an endpoint of the contract's route table, adds the bearer token, and
 * turns failures into ApiError. Any 401 or 403 on a signed-in call clears the session and goes to `/`.
 */
import {
  buildPath,
  routes,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@cc/contract';
import { session } from './session';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string> = {},
    /** The step of a multi-step command that failed (the end-call sequence). */
    readonly step?: string,
  ) {
    super(message);
  }
}

type Args<N extends RouteName> = {
  params?: RouteParams<N>;
  query?: RouteQuery<N>;
  body?: RouteBody<N>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

let onSessionLost: () => void = () => {
  window.location.assign('/');
};
/** The router replaces the default full reload with an in-app navigation. */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function api<N extends RouteName>(name: N, args: Args<N> = {}): Promise<RouteResponse<N>> {
  const def = routes[name];
  const url = buildPath(def.path, args.params) + queryString(args.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...args.headers };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (args.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: def.method, headers, body, signal: args.signal ?? null });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check the connection and try again.');
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const problem = (data ?? {}) as {
      error?: string;
      message?: string;
      errors?: Record<string, string>;
      step?: string;
    };
    const error = new ApiError(
      response.status,
      problem.error ?? 'HTTP_' + response.status,
      problem.message ?? response.statusText,
      problem.errors,
      problem.step,
    );
    if (def.access !== 'public' && (response.status === 401 || response.status === 403)) {
      session.clear();
      onSessionLost();
    }
    console.error(`${def.method} ${url} failed`, error);
    throw error;
  }
  return data as RouteResponse<N>;
}
