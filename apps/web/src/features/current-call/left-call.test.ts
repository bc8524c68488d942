import { describe, expect, it } from 'vitest';
import { callLeftInThisSignIn, noteCallLeft } from './left-call';

describe('a call left inside the app', () => {
  it('is known to the same sign-in only', () => {
    expect(callLeftInThisSignIn('2026-06-15T20:00:00.000Z')).toBe(false);
    noteCallLeft('2026-06-15T20:00:00.000Z');
    expect(callLeftInThisSignIn('2026-06-15T20:00:00.000Z')).toBe(true);
    // Signed in again: another session, another end.
    expect(callLeftInThisSignIn('2026-06-15T21:30:00.000Z')).toBe(false);
    expect(callLeftInThisSignIn(undefined)).toBe(false);
  });
  it('is not noted without a session', () => {
    noteCallLeft(undefined);
    expect(callLeftInThisSignIn(undefined)).toBe(false);
  });
});
