import { describe, expect, it } from 'vitest';
import { signinDelayMs } from './signin-throttle.js';

const limits = { slowAfter: 3, slowMs: 1000, slowMaxMs: 10_000 };

describe('the wait before a password check', () => {
  it('is none for the first slowAfter attempts, then one slowMs more for each further one', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => signinDelayMs(limits, n, n))).toEqual([0, 0, 0, 1000, 2000, 3000]);
  });

  it("follows the username's count from every client when each client's own count is low (rotating addresses)", () => {
    expect(signinDelayMs(limits, 1, 4)).toBe(1000);
    expect(signinDelayMs(limits, 1, 7)).toBe(4000);
  });

  it("follows this client's count when it is the higher", () => {
    expect(signinDelayMs(limits, 5, 2)).toBe(2000);
  });

  it('never passes slowMaxMs, however many attempts were made on the username', () => {
    expect(signinDelayMs(limits, 1, 14)).toBe(10_000);
    expect(signinDelayMs(limits, 1, 10_000)).toBe(10_000);
    expect(signinDelayMs({ ...limits, slowMaxMs: 0 }, 9, 9)).toBe(0);
  });
});
