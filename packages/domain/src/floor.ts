/**
 * The supervisor's view of the floor (decision 035): the periods it counts in and its ratios. Days and weeks are the
 * call centre's (CALL_TIME_ZONE); weeks start on Monday. Nothing here reads the clock: the caller passes the instant.
 */
import { CALL_TIME_ZONE } from './constants.js';
import { calendarDayIn, dayNumber, formatDay, parseDay } from './pricing/calendar.js';

export interface FloorPeriods {
  /** Today, 'YYYY-MM-DD' in the call centre's time zone. */
  today: string;
  /** Tomorrow: today's calls end before it starts. */
  tomorrow: string;
  /** The Monday of this week. */
  weekStart: string;
}

/** The calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const parts = parseDay(day);
  // Noon UTC of the day keeps the arithmetic clear of any offset.
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + n, 12));
  return formatDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function floorPeriods(now: Date, timeZone: string = CALL_TIME_ZONE): FloorPeriods {
  const today = calendarDayIn(now, timeZone);
  // 1970-01-01 (day 0) was a Thursday: Monday is 0 in (days + 3) mod 7.
  const weekday = (((dayNumber(parseDay(today)) + 3) % 7) + 7) % 7;
  return { today, tomorrow: addDays(today, 1), weekStart: addDays(today, -weekday) };
}

/** Sales per call, 0 to 1, rounded to three places; 0 without calls. */
export function conversionRate(sales: number, calls: number): number {
  return calls > 0 ? Math.round((sales / calls) * 1000) / 1000 : 0;
}
