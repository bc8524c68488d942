/** Sign-in lock-out and slowing (administration.md's sign-in rules): per username, known or not, with a window. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser as makeUser } from './test-support.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const signin = (app: TestApp, username: unknown, password: unknown) =>
  app.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });

describe('sign-in lock-out', () => {
  const env = { SIGNIN_LOCK_AFTER: '3', SIGNIN_SLOW_AFTER: '2', SIGNIN_SLOW_MS: '0' };
  const PASSWORD = 'Lock-pass1';
  let lt: TestApp;
  beforeAll(async () => {
    // An app with low limits; its users are its own, made by each test.
    lt = await createTestApp({ env });
  });
  afterAll(async () => {
    await lt.close();
  });

  /** A user only this test uses. */
  const newUser = (username: string) => makeUser(lt, username, PASSWORD);

  async function failUntilLocked(username: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signin(lt, username, 'Wrong-pass1')).statusCode);
    return statuses;
  }

  it('locks a username after repeated failures, refusing even the right password', async () => {
    const user = await newUser('lock_refused');
    const first = await signin(lt, user, 'Wrong-pass1');
    const second = await signin(lt, user, 'Wrong-pass1');
    expect([first.statusCode, second.statusCode]).toEqual([401, 401]);
    const third = await signin(lt, user, 'Wrong-pass1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: 'LOCKED_OUT', message: expect.stringMatching(/try again in 15 minutes/i) });

    const right = await signin(lt, user, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: 'LOCKED_OUT', message: expect.stringMatching(/try again in 15 minutes/i) });
    // The lock is per username whatever its case.
    expect((await signin(lt, user.toUpperCase(), PASSWORD)).statusCode).toBe(429);
  });

  it('lets the right password in once the lock has passed', async () => {
    const user = await newUser('lock_passes');
    expect(await failUntilLocked(user)).toEqual([401, 401, 429]);
    lt.clock.advance(lt.config.signin.lockSeconds - 60);
    const still = await signin(lt, user, PASSWORD);
    expect(still.statusCode).toBe(429);
    expect(still.json<{ message: string }>().message).toMatch(/try again in 1 minute\b/i);
    lt.clock.advance(61);
    expect((await signin(lt, user, PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures again from zero after a lock has passed', async () => {
    const user = await newUser('lock_twice');
    expect(await failUntilLocked(user)).toEqual([401, 401, 429]);
    lt.clock.advance(lt.config.signin.lockSeconds + 1);
    expect(await failUntilLocked(user)).toEqual([401, 401, 429]);
  });

  it('resets the count after a successful sign-in', async () => {
    const user = await newUser('lock_reset');
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, PASSWORD)).statusCode).toBe(200);
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, PASSWORD)).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const user = await newUser('lock_window');
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    lt.clock.advance(lt.config.signin.windowSeconds + 1);
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(lt, user, PASSWORD)).statusCode).toBe(200);
  });

  it('does not lock other usernames', async () => {
    const locked = await newUser('lock_mine');
    const other = await newUser('lock_other');
    expect(await failUntilLocked(locked)).toEqual([401, 401, 429]);
    expect((await signin(lt, locked, PASSWORD)).statusCode).toBe(429);
    expect((await signin(lt, other, PASSWORD)).statusCode).toBe(200);
  });

  it('locks unknown usernames too, so a lock tells nothing about who exists', async () => {
    expect(await failUntilLocked('lock_nobody')).toEqual([401, 401, 429]);
  });

  it('slows the attempt after a failure', async () => {
    const slow = await createTestApp({
      env: { SIGNIN_SLOW_AFTER: '1', SIGNIN_SLOW_MS: '300', SIGNIN_LOCK_AFTER: '10' },
      database: lt.database,
    });
    try {
      expect((await signin(slow, 'slow_nobody', 'Wrong-pass1')).statusCode).toBe(401);
      const started = Date.now();
      expect((await signin(slow, 'slow_nobody', 'Wrong-pass1')).statusCode).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      await slow.close();
    }
  });
});
