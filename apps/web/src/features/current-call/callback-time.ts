import { CALL_TIME_ZONE, callbackHoursProblem, parseTypedTime } from '@cc/domain';

export const CALLBACK_TIME_HINT = 'Type a time such as 1030, 10:30 or 2:15 pm.';

/** The typed time of a callback as 'HH:mm', or what the field says when it is not a time. */
export function typedCallbackTime(typed: string): { time: string } | { error: string } {
  const time = parseTypedTime(typed);
  if (time !== null) return { time };
  return { error: typed.trim() === '' ? 'Type the time of the callback.' : CALLBACK_TIME_HINT };
}

/**
 * Why a callback cannot be at this call time ('YYYY-MM-DD HH:mm:ss', America/Chicago), or null: outside the calling
 * hours on the branch's clock, as the server refuses it, or already past (`now` on the same clock).
 */
export function callbackTimeProblem(at: string, timeZone: string, now: string): string | null {
  const outside = callbackHoursProblem(at, timeZone);
  if (outside) return outside;
  if (at < now) return `Choose a time after now (${CALL_TIME_ZONE}).`;
  return null;
}
