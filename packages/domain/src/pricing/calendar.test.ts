import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dayNumber,
  firstApplicationDay,
  firstBillDate,
  formatDay,
  monthsRemaining,
  parseDay,
  remainingRounds,
  serviceYearFor,
} from './calendar.js';
import { PricingInputError } from './money.js';

describe('dates', () => {
  it.each(['2025-02-30', '2025-13-01', '2025/03/01', '25-03-01', '', '2025-3-1'])('%j is not a date', (text) => {
    expect(() => parseDay(text)).toThrow(PricingInputError);
  });

  it('2024-02-29 is a date, 2025-02-29 is not', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(() => parseDay('2025-02-29')).toThrow(PricingInputError);
  });

  it('property: dayNumber counts days like the calendar', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2400-12-31'), noInvalidDate: true }), (d) => {
        const text = d.toISOString().slice(0, 10);
        const day = parseDay(text);
        expect(dayNumber(day)).toBe(Math.floor(d.getTime() / 86_400_000));
        expect(formatDay(day)).toBe(text);
      }),
    );
  });
});

describe('P18 monthly billing: service year and months remaining', () => {
  it.each<[string, number]>([
    ['2025-01-15', 2025],
    ['2025-11-30', 2025],
    ['2025-12-01', 2025],
    ['2025-12-02', 2025],
    ['2025-12-03', 2026],
    ['2025-12-31', 2026],
  ])('a sale on %s is for service year %i (after December 2 the next year)', (date, year) => {
    expect(serviceYearFor(date)).toBe(year);
  });

  it.each<[string, number | undefined, number]>([
    ['2025-01-15', undefined, 11],
    ['2025-03-01', undefined, 9],
    ['2025-06-30', undefined, 6],
    ['2025-11-20', undefined, 1],
    ['2025-12-01', undefined, 12],
    ['2025-12-10', undefined, 12],
    ['2025-12-01', 2025, 12],
    ['2025-11-20', 2026, 12],
    ['2025-03-01', 2026, 12],
  ])('a sale on %s for service year %s has %i months left (12 minus the month, 12 in December)', (date, year, n) => {
    expect(monthsRemaining(date, year)).toBe(n);
  });

  it.each<[string, 1 | 15, number | undefined, string]>([
    ['2025-03-01', 15, undefined, '2025-04-15'],
    ['2025-03-20', 1, undefined, '2025-04-01'],
    ['2025-11-05', 15, undefined, '2025-12-15'],
    ['2025-12-01', 15, undefined, '2026-01-15'],
    ['2025-12-10', 1, undefined, '2026-01-01'],
    ['2025-10-10', 15, 2026, '2026-01-15'],
  ])('a sale on %s billed on day %i (service year %s) is first billed %s', (date, day, year, first) => {
    expect(firstBillDate(date, day, year)).toBe(first);
  });

  it('property: months remaining are always 1 to 12', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        const n = monthsRemaining(d.toISOString().slice(0, 10));
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(12);
      }),
    );
  });
});

describe('P4 lawn rounds left from FirstAppTime', () => {
  const rounds = (date: string, firstAppTime: string | null = '03-15', serviceYear?: number) =>
    remainingRounds({ totalRounds: 6, firstAppTime, date, serviceYear });

  it('6 rounds from March 15 to November 30 fall on Mar 15, Apr 27, Jun 9, Jul 23, Sep 4 and Oct 17', () => {
    expect(rounds('2025-03-15')).toBe(6);
    expect(rounds('2025-03-16')).toBe(5);
    expect(rounds('2025-04-27')).toBe(5);
    expect(rounds('2025-06-01')).toBe(4);
    expect(rounds('2025-06-09')).toBe(4);
    expect(rounds('2025-06-10')).toBe(3);
    expect(rounds('2025-10-17')).toBe(1);
    expect(rounds('2025-10-18')).toBe(0);
  });

  it('before the first application every round is left; a later service year has every round', () => {
    expect(rounds('2025-01-10')).toBe(6);
    expect(rounds('2025-12-10')).toBe(6);
    expect(rounds('2025-11-01', '03-15', 2026)).toBe(6);
    expect(rounds('2026-04-01', '03-15', 2025)).toBe(0);
  });

  it('FirstAppTime may be MM-DD, MM/DD, YYYY-MM-DD or MM/DD/YYYY; anything else counts every round', () => {
    expect(firstApplicationDay('03/15', 2025)).toEqual({ year: 2025, month: 3, day: 15 });
    expect(firstApplicationDay('2019-03-15', 2025)).toEqual({ year: 2025, month: 3, day: 15 });
    expect(firstApplicationDay('3/15/2019', 2025)).toEqual({ year: 2025, month: 3, day: 15 });
    expect(firstApplicationDay('8:00 AM', 2025)).toBeNull();
    expect(rounds('2025-06-01', '8:00 AM')).toBe(6);
    expect(rounds('2025-06-01', null)).toBe(6);
  });

  it('property: rounds left never grow as the season goes on and stay within 0..total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 364 }),
        fc.integer({ min: 0, max: 364 }),
        (total, a, b) => {
          const day = (n: number) => isoOf(2025, n);
          const [early, late] = a <= b ? [a, b] : [b, a];
          const r1 = remainingRounds({
            totalRounds: total,
            firstAppTime: '03-15',
            date: day(early),
            serviceYear: 2025,
          });
          const r2 = remainingRounds({ totalRounds: total, firstAppTime: '03-15', date: day(late), serviceYear: 2025 });
          expect(r1).toBeGreaterThanOrEqual(r2);
          expect(r1).toBeLessThanOrEqual(total);
          expect(r2).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

function isoOf(year: number, dayOfYear: number): string {
  const base = dayNumber({ year, month: 1, day: 1 }) + dayOfYear;
  // Walk the months of the year (tests only; small loop).
  let month = 1;
  while (month < 12 && dayNumber({ year, month: month + 1, day: 1 }) <= base) month++;
  const day = base - dayNumber({ year, month, day: 1 }) + 1;
  return formatDay({ year, month, day });
}
