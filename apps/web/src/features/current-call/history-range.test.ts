import { describe, expect, it } from 'vitest';
import { shiftDay } from './history-range';

describe('the history range days', () => {
  it('moves a day across month and year ends, and three years back on the calendar', () => {
    expect(shiftDay('2026-11-29', { days: 1 })).toBe('2026-11-30');
    expect(shiftDay('2026-12-31', { days: 1 })).toBe('2027-01-01');
    expect(shiftDay('2026-11-29', { years: -3 })).toBe('2023-11-29');
    expect(shiftDay('2028-02-29', { years: -3 })).toBe('2025-03-01');
  });
});
