/**
 * How long a sign-in (or a password change's check of the current password) waits before its password is checked
 * (decision 059). Attempts are counted twice: for the username from one client, which also locks (decision 022),
 * and for the username from anywhere, which only slows, so that rotating addresses does not buy fresh guesses while
 * nobody can lock a user out for everyone.
 */
export interface SigninSlowdown {
  /** Attempts (within the window) that go unslowed. */
  slowAfter: number;
  /** Added for each attempt beyond them. */
  slowMs: number;
  /** The longest any attempt waits: an attacker's failures cost the real user at most this. */
  slowMaxMs: number;
}

/** The wait before attempt number `attempt` of one count (1 is the first): none up to slowAfter, then growing. */
function wait(limits: SigninSlowdown, attempt: number): number {
  const earlier = attempt - 1;
  return earlier >= limits.slowAfter ? limits.slowMs * (earlier - limits.slowAfter + 1) : 0;
}

/**
 * The wait before a password check, in ms: the longer of what this client's count and the username's count from
 * every client ask for, never more than slowMaxMs. `clientAttempt` and `usernameAttempt` number this attempt in each.
 */
export function signinDelayMs(limits: SigninSlowdown, clientAttempt: number, usernameAttempt: number): number {
  return Math.min(limits.slowMaxMs, Math.max(wait(limits, clientAttempt), wait(limits, usernameAttempt)));
}
