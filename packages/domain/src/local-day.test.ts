import { describe, expect, it } from 'vitest';
import { localDayStart, nextDay } from './local-day.js';
import { formatLocalDateTime } from './survey.js';

describe('localDayStart', () => {
  it.each(['America/Chicago', 'America/Denver', 'Europe/London', 'Australia/Lord_Howe', 'UTC'])(
    'is local midnight, one second after the day before, for every day of 2025-2027 in %s',
    (zone) => {
      for (let day = '2025-01-01'; day < '2028-01-01'; day = nextDay(day)) {
        const start = localDayStart(day, zone);
        expect(formatLocalDateTime(start, zone)).toBe(`${day} 00:00:00`);
        expect(formatLocalDateTime(new Date(start.getTime() - 1000), zone).slice(0, 10)).not.toBe(day);
      }
    },
  );

  it('knows the days around the changes of the clocks in Chicago', () => {
    expect(localDayStart('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(localDayStart('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(localDayStart('2026-11-01', 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(localDayStart('2026-11-02', 'America/Chicago').toISOString()).toBe('2026-11-02T06:00:00.000Z');
  });

  it('counts days across months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
