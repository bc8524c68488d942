/**
 * The request core of the API client, free of the browser's session and toasts so it can be tested in
 * node against a real HTTP server: calls a route of the contract's table, adds the bearer token, and
 * turns every failure (HTTP error, unreachable server, a non-JSON answer such as a proxy's HTML page)
 * into an ApiError. What a 401 or a 403 does to the session is the caller's `onUnauthorized` and
 * `onForbidden`, called only for routes that need a session. A 401 first asks `refresh` for a new token
 * (a browser's token is short-lived, decision 022) and, when there is one, sends the call once more.
 */
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteResponse } from '@cc/contract';
import { buildPath, routePaths } from './route-table';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string> = {},
    /** The step of a multi-step command that failed (the end-call sequence). */
    readonly step?: string,
    /** A server failure's id, which finds its log line: shown to the user to quote when reporting it. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

export type Args<N extends RouteName> = {
  params?: RouteParams<N>;
  query?: RouteQuery<N>;
  body?: RouteBody<N>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export interface RequestDeps {
  /** Prefix of every path: '' in the browser (same origin), the server's address in tests. */
  origin: string;
  token: () => string | null;
  /** A 401 on a signed-in route: a new token, true when there is one (the call is then sent once more). */
  refresh?: () => Promise<boolean>;
  /** A 401 on a signed-in route that a refresh did not mend: the session is no longer valid. */
  onUnauthorized: (error: ApiError) => void;
  /** A 403 on a signed-in route: the session is valid but may not make this call. */
  onForbidden: (error: ApiError) => void;
}

export const ACCESS_DENIED = 'Access Denied.';
export const NETWORK_MESSAGE = 'The server could not be reached. Check the connection and try again.';
/** A proxy's or gateway's page instead of the API's JSON: say what happened, never show its markup. */
export const UNREADABLE_MESSAGE = 'The server sent an answer that could not be read. Try again in a moment.';

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

interface Problem {
  error?: string;
  message?: string;
  errors?: Record<string, string>;
  step?: string;
  requestId?: string;
}

/** A failure's body: ours, or OData's `{"error": {"code", "message", "details"}}` from the calls under /api/odata/. */
export function problemOf(data: unknown): Problem {
  const body = (data ?? {}) as Problem & { error?: unknown };
  if (typeof body.error !== 'object' || body.error === null) return body;
  const odata = body.error as {
    code?: string;
    message?: string;
    requestId?: string;
    details?: { target: string; message: string }[];
  };
  return {
    ...(odata.code === undefined ? {} : { error: odata.code }),
    ...(odata.message === undefined ? {} : { message: odata.message }),
    ...(odata.requestId === undefined ? {} : { requestId: odata.requestId }),
    ...(odata.details ? { errors: Object.fromEntries(odata.details.map((d) => [d.target, d.message])) } : {}),
  };
}

/**
 * What a person reads of a refusal: the server says "field: what is wrong" for any caller, and where the one field's
 * words are a sentence of their own (an upload's file), the screen shows that sentence without the field's name.
 */
export function shownMessage(problem: Problem): string | undefined {
  const fields = Object.entries(problem.errors ?? {});
  if (fields.length !== 1) return problem.message;
  const [field, words] = fields[0] as [string, string];
  return problem.message === `${field}: ${words}` && /^[A-Z]/.test(words) ? words : problem.message;
}

/** The body as JSON, or `unreadable` when it is not JSON (an HTML error page, a truncated answer). */
function parseBody(text: string, contentType: string | null): { data: unknown; unreadable: boolean } {
  if (!text) return { data: undefined, unreadable: false };
  if (contentType && !/json/i.test(contentType)) return { data: undefined, unreadable: true };
  try {
    return { data: JSON.parse(text) as unknown, unreadable: false };
  } catch {
    return { data: undefined, unreadable: true };
  }
}

export async function request<N extends RouteName>(
  deps: RequestDeps,
  name: N,
  args: Args<N> = {},
  retried = false,
): Promise<RouteResponse<N>> {
  const def = routePaths[name];
  const url = buildPath(def.path, args.params) + queryString(args.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...args.headers };
  const token = deps.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (args.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(deps.origin + url, { method: def.method, headers, body, signal: args.signal ?? null });
    text = await response.text();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  const { data, unreadable } = parseBody(text, response.headers.get('content-type'));
  if (response.ok && !unreadable) return data as RouteResponse<N>;
  const problem = problemOf(data);
  const message = problem.message ?? (response.status === 403 ? ACCESS_DENIED : response.statusText);
  const error = unreadable
    ? new ApiError(response.status, response.ok ? 'UNREADABLE' : 'HTTP_' + response.status, UNREADABLE_MESSAGE)
    : new ApiError(
        response.status,
        problem.error ?? 'HTTP_' + response.status,
        message,
        problem.errors,
        problem.step,
        problem.requestId,
      );
  if (def.session) {
    if (response.status === 401 && !retried && deps.refresh && (await deps.refresh())) {
      return request(deps, name, args, true);
    }
    if (response.status === 401) deps.onUnauthorized(error);
    else if (response.status === 403) deps.onForbidden(error);
  }
  console.error(`${def.method} ${url} failed`, error);
  throw error;
}
