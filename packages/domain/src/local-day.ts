/** Days of a time zone as instants: the call search's whole-day filters as plain timestamps. */
import { formatLocalDateTime } from './survey.js';

/** Milliseconds an instant's wall clock in `timeZone` is ahead of UTC. */
function offsetAt(instant: number, timeZone: string): number {
  const local = formatLocalDateTime(new Date(instant), timeZone);
  return Date.parse(`${local.replace(' ', 'T')}Z`) - instant;
}

/**
 * The first instant of a day ('YYYY-MM-DD') in a time zone: its local midnight (or, where a zone skips midnight,
 * the first instant after it). What PostgreSQL's `('…'::date)::timestamp at time zone '…'` gives, computed once
 * in the app so that a statement compares a column with a plain value.
 */
export function localDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // The offset at the guess, then at the corrected instant (they differ only when a change of offset falls between).
  let instant = midnightUtc - offsetAt(midnightUtc, timeZone);
  instant = midnightUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The day after a day ('YYYY-MM-DD'), by the calendar. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
