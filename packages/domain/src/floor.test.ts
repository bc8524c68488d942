import { describe, expect, it } from 'vitest';
import { addDays, conversionRate, floorPeriods } from './floor.js';

describe('floor periods (America/Chicago)', () => {
  it('a Monday afternoon is its own week start', () => {
    // 2026-06-15 is a Monday; 15:00 UTC is 10:00 in Chicago (CDT).
    expect(floorPeriods(new Date('2026-06-15T15:00:00Z'))).toEqual({
      today: '2026-06-15',
      tomorrow: '2026-06-16',
      weekStart: '2026-06-15',
    });
  });
  it('late Sunday evening in Chicago is already Monday in UTC, but still Sunday on the floor', () => {
    expect(floorPeriods(new Date('2026-06-15T03:30:00Z'))).toEqual({
      today: '2026-06-14',
      tomorrow: '2026-06-15',
      weekStart: '2026-06-08',
    });
  });
  it('crosses months and years', () => {
    expect(floorPeriods(new Date('2027-01-01T18:00:00Z')).weekStart).toBe('2026-12-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('conversion rate', () => {
  it('is sales per call, and 0 without calls', () => {
    expect(conversionRate(1, 3)).toBe(0.333);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(2, 2)).toBe(1);
  });
});
