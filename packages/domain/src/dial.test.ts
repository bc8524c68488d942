import { describe, expect, it } from 'vitest';
import { DIAL_DO_NOT_CALL, dialProblem } from './dial.js';

describe('dialProblem', () => {
  // 2026-06-15 is in daylight time: Chicago is UTC-5, Denver UTC-6, New York UTC-4.
  it('refuses a do-not-call number whatever the hour', () => {
    expect(dialProblem({ doNotCall: true, now: new Date('2026-06-15T17:00:00Z'), timeZone: 'America/Chicago' })).toBe(
      DIAL_DO_NOT_CALL,
    );
  });

  it('dials within 8:00 AM to 9:00 PM on the branch clock, both ends included', () => {
    const at = (iso: string, timeZone: string) => dialProblem({ doNotCall: false, now: new Date(iso), timeZone });
    expect(at('2026-06-15T13:00:00Z', 'America/Chicago')).toBeNull(); // 8:00 AM
    expect(at('2026-06-16T02:00:00Z', 'America/Chicago')).toBeNull(); // 9:00 PM
    expect(at('2026-06-15T12:59:00Z', 'America/Chicago')).toBe(
      'It is 7:59 AM where the customer is (America/Chicago): numbers are dialled within calling hours, 8:00 AM to 9:00 PM.',
    );
    // 9:30 PM in Chicago is 10:30 PM in New York, 8:30 PM in Denver.
    expect(at('2026-06-16T02:30:00Z', 'America/New_York')).toMatch(/^It is 10:30 PM where the customer is/);
    expect(at('2026-06-16T02:30:00Z', 'America/Denver')).toBeNull();
  });
});
