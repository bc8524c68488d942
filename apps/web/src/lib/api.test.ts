import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setSessionLostHandler } from './api';
import { session } from './session';

const SIGNED_IN = {
  token: 'tok-1',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  tokenExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  user: {} as never,
};

/** Every call, the refresh included, answers 401: the server no longer knows the session. */
function serverForgotTheSession(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'UNAUTHORIZED', message: 'Session expired.' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
}

describe('a 401 on a signed-in call', () => {
  const lost = vi.fn();
  beforeEach(() => {
    lost.mockReset();
    setSessionLostHandler(lost);
    serverForgotTheSession();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('ends a session the user did not end: forgotten, and the way home taken once', async () => {
    session.set(SIGNED_IN);
    await expect(api('session')).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('that answers a call sent before a deliberate sign-out leaves the sign-out where it went', async () => {
    session.set(SIGNED_IN);
    const inFlight = api('session');
    session.signOut();
    await expect(inFlight).rejects.toMatchObject({ status: 401 });
    expect(lost).not.toHaveBeenCalled();
    expect(session.wasSignedOut()).toBe(true);
  });
});
