/**
 * The call history's default dates (call-handling.md §2, §9): from three years ago to tomorrow, by the call centre's
 * calendar (America/Chicago) whatever the browser's zone; tomorrow is also the latest day a range may reach. Plain day
 * arithmetic, so the call screen's first paint loads no date library (its picker comes with the History tab).
 */
import { callTimeOf } from './end-call';

/** A YYYY-MM-DD day moved by whole days and years, on the calendar (a 29 February three years back is 1 March). */
export function shiftDay(day: string, { days = 0, years = 0 }: { days?: number; years?: number }): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d + days)).toISOString().slice(0, 10);
}

const callCentreToday = () => callTimeOf(new Date()).slice(0, 10);

export const tomorrow = (): string => shiftDay(callCentreToday(), { days: 1 });

export function defaultHistoryRange(): [string, string] {
  return [shiftDay(callCentreToday(), { years: -3 }), tomorrow()];
}
