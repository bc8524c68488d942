/**
 * The call history's default dates (call-handling.md §2, §9): from three years ago to tomorrow, by the call centre's
 * calendar (America/Chicago) whatever the browser's zone; tomorrow is also the latest day a range may reach. The
 * domain's day arithmetic, so the call screen's first paint loads no date library (its picker comes with the History
 * tab).
 */
import { addDays, CALL_TIME_ZONE, calendarDayIn } from '@cc/domain';

/** The same calendar day `years` years away (a 29 February three years back is 1 March). */
export function yearsFrom(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

const callCentreToday = () => calendarDayIn(new Date(), CALL_TIME_ZONE);

export const tomorrow = (): string => addDays(callCentreToday(), 1);

export function defaultHistoryRange(): [string, string] {
  return [yearsFrom(callCentreToday(), -3), tomorrow()];
}
