import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ACCESS_DENIED, ApiError, request, shownMessage, UNREADABLE_MESSAGE, type RequestDeps } from './request';

/** What the real server answers next: status, content type and body text. */
let next: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '{}' };
/** Answers to give before `next`, first first (a 401 and then the retried call's answer). */
const queued: (typeof next)[] = [];
let lastAuthorization: string | undefined;
/** The Authorization header of every request, in order. */
const authorizations: (string | undefined)[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    lastAuthorization = req.headers.authorization;
    authorizations.push(req.headers.authorization);
    req.resume();
    req.on('end', () => {
      const reply = queued.shift() ?? next;
      res.writeHead(reply.status, { 'Content-Type': reply.type });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Handler = (error: ApiError) => void;
let deps: RequestDeps & { onUnauthorized: Mock<Handler>; onForbidden: Mock<Handler> };
beforeEach(() => {
  deps = { origin, token: () => 'tok-1', onUnauthorized: vi.fn<Handler>(), onForbidden: vi.fn<Handler>() };
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  authorizations.length = 0;
  queued.length = 0;
});

function answer(status: number, body: unknown, type = 'application/json'): void {
  next = { status, type, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a 401 and the refresh (decision 022)', () => {
  it('gets a new token and sends the call once more with it; the session goes on', async () => {
    let token = 'old-token';
    const refresh = vi.fn(() => {
      token = 'new-token';
      return Promise.resolve(true);
    });
    queued.push({ status: 401, type: 'application/json', body: '{"error":"UNAUTHENTICATED","message":"expired"}' });
    answer(200, { ok: true });
    await expect(request({ ...deps, token: () => token, refresh }, 'signout')).resolves.toEqual({ ok: true });
    expect(authorizations).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a second 401 after a refresh ends the session: one refresh, one retry, no more', async () => {
    const refresh = vi.fn(() => Promise.resolve(true));
    answer(401, { error: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    const error = await failure(request({ ...deps, refresh }, 'session'));
    expect(error.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(authorizations).toHaveLength(2);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('no new token (the refresh was refused): the session ends without a retry', async () => {
    const refresh = vi.fn(() => Promise.resolve(false));
    answer(401, { error: 'SESSION_EXPIRED', message: 'Your session has ended. Please sign in again.' });
    const error = await failure(request({ ...deps, refresh }, 'session'));
    expect(error.code).toBe('SESSION_EXPIRED');
    expect(authorizations).toHaveLength(1);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 of a public call (a wrong password) asks for no refresh', async () => {
    const refresh = vi.fn(() => Promise.resolve(true));
    answer(401, { error: 'UNAUTHENTICATED', message: 'Invalid username or password.' });
    await failure(request({ ...deps, refresh }, 'signin', { body: { username: 'a', password: 'b' } }));
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('the request core', () => {
  it('sends the bearer token and returns the JSON answer', async () => {
    answer(200, { ok: true });
    await expect(request(deps, 'signout')).resolves.toEqual({ ok: true });
    expect(lastAuthorization).toBe('Bearer tok-1');
  });

  it('a 401 on a signed-in call ends the session, and only that', async () => {
    answer(401, { error: 'UNAUTHORIZED', message: 'Session expired.' });
    const error = await failure(request(deps, 'session'));
    expect(error.status).toBe(401);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.onForbidden).not.toHaveBeenCalled();
  });

  it("a 403 keeps the session and reports 'Access Denied.'", async () => {
    answer(403, { error: 'FORBIDDEN', message: 'Access Denied.' });
    const error = await failure(request(deps, 'session'));
    expect(error.status).toBe(403);
    expect(error.message).toBe(ACCESS_DENIED);
    expect(deps.onForbidden).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it("OData's error shape (the calls under /api/odata/) reads as ours: code, message, the field's message", async () => {
    answer(400, {
      error: {
        code: 'VALIDATION',
        message: '$top: must be at most 1000',
        details: [{ code: 'VALIDATION', target: '$top', message: 'must be at most 1000' }],
      },
    });
    const error = await failure(request(deps, 'searchOutboundCalls', { query: { $top: 5000 } }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('$top: must be at most 1000');
    expect(error.errors).toEqual({ $top: 'must be at most 1000' });
  });

  it('a 403 without a JSON body still says Access Denied and keeps the session', async () => {
    answer(403, '', 'text/plain');
    const error = await failure(request(deps, 'session'));
    expect(error.message).toBe(ACCESS_DENIED);
    expect(deps.onForbidden).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 on a public call (a wrong password at sign-in) touches no session', async () => {
    answer(401, { error: 'UNAUTHORIZED', message: 'Invalid username or password.' });
    const error = await failure(request(deps, 'signin', { body: { username: 'a', password: 'b' } }));
    expect(error.message).toBe('Invalid username or password.');
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it("a proxy's HTML error page becomes a clear ApiError, not a parse crash", async () => {
    answer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    const error = await failure(request(deps, 'dashboard'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(UNREADABLE_MESSAGE);
    expect(error.message).not.toContain('<');
  });

  it('an HTML page with status 200 (a fallback page instead of the API) is an error too', async () => {
    answer(200, '<!doctype html><html></html>', 'text/html');
    const error = await failure(request(deps, 'dashboard'));
    expect(error.code).toBe('UNREADABLE');
    expect(error.message).toBe(UNREADABLE_MESSAGE);
  });

  it('a body labelled JSON that is not JSON is reported, not thrown as a SyntaxError', async () => {
    answer(500, 'Internal error <truncated', 'application/json');
    const error = await failure(request(deps, 'dashboard'));
    expect(error.status).toBe(500);
    expect(error.message).toBe(UNREADABLE_MESSAGE);
  });

  it("a server failure's reference is a field of the error, its message the server's words", async () => {
    answer(500, { error: 'INTERNAL', message: 'Something went wrong on the server.', requestId: 'req-7f' });
    const error = await failure(request(deps, 'dashboard'));
    expect(error.requestId).toBe('req-7f');
    expect(error.message).toBe('Something went wrong on the server.');
  });
});

describe('shownMessage', () => {
  it("shows an upload's refusal as its own sentence, without the field's name", () => {
    const words = 'Choose a .csv file: the name of this one does not end in .csv.';
    expect(shownMessage({ message: `file: ${words}`, errors: { file: words } })).toBe(words);
  });

  it('keeps the field where its words are no sentence alone, or where several fields are wrong', () => {
    expect(
      shownMessage({
        message: 'franchise.sqldbid: is not the franchise of branch 12',
        errors: { 'franchise.sqldbid': 'is not the franchise of branch 12' },
      }),
    ).toBe('franchise.sqldbid: is not the franchise of branch 12');
    expect(shownMessage({ message: 'a: A; b: B', errors: { a: 'A', b: 'B' } })).toBe('a: A; b: B');
    expect(shownMessage({ message: 'Access Denied.' })).toBe('Access Denied.');
  });
});
