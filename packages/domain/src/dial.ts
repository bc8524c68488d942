/**
 * When the app may dial a customer's number (decision 075): never a number on the federal do-not-call list, and only
 * within the calling hours on the clock of the customer's branch — the rules a call already keeps where they are
 * checked (the do-not-call Attention dialog at opening, the calling hours of a callback).
 */
import { CALLING_HOURS, callingHoursText, formatTimeOfDay } from './callback-time.js';
import { formatLocalDateTime } from './survey.js';

export const DIAL_DO_NOT_CALL =
  'This customer is on the federal do-not-call list: the number is not dialled. Do not call this customer.';

/** Why the number may not be dialled now, or null when it may. */
export function dialProblem(input: { doNotCall: boolean; now: Date; timeZone: string }): string | null {
  if (input.doNotCall) return DIAL_DO_NOT_CALL;
  const time = formatLocalDateTime(input.now, input.timeZone).slice(11, 16);
  if (time >= CALLING_HOURS.start && time <= CALLING_HOURS.end) return null;
  return (
    `It is ${formatTimeOfDay(time)} where the customer is (${input.timeZone}): numbers are dialled within calling ` +
    `hours, ${callingHoursText()}.`
  );
}
