/**
 * When a customer may be called back, and the time of day as people type it
 * (docs/decisions/066-who-a-call-is-for-no-contact-and-callback-hours.md). Call times are America/Chicago wall
 * times 'YYYY-MM-DD HH:mm[:ss]' (call-handling.md §9); times of day here are 'HH:mm' on the 24-hour clock.
 */
import { CALL_TIME_ZONE } from './constants.js';
import { formatLocalDateTime } from './survey.js';

/**
 * The calling hours of every branch, on the branch's own clock: the federal telemarketing window (no call before
 * 8 a.m. or after 9 p.m. where the customer is). The branch's time zone is its franchise's.
 */
export const CALLING_HOURS = { start: '08:00', end: '21:00' } as const;

/** 'HH:mm' (24 h) as the screen shows it: '8:00 AM', '9:00 PM', '12:30 PM'. */
export function formatTimeOfDay(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The calling hours in words: '8:00 AM to 9:00 PM'. */
export function callingHoursText(hours: { start: string; end: string } = CALLING_HOURS): string {
  return `${formatTimeOfDay(hours.start)} to ${formatTimeOfDay(hours.end)}`;
}

const asUtc = (wall: string) =>
  Date.UTC(
    Number(wall.slice(0, 4)),
    Number(wall.slice(5, 7)) - 1,
    Number(wall.slice(8, 10)),
    Number(wall.slice(11, 13)),
    Number(wall.slice(14, 16)),
    Number(wall.slice(17, 19) || '0'),
  );

/** The instant of a wall time 'YYYY-MM-DD HH:mm[:ss]' in a time zone (the earlier one where a clock goes back). */
export function instantOfWallTime(wall: string, timeZone: string): Date {
  const guess = asUtc(wall);
  let instant = guess - (asUtc(formatLocalDateTime(new Date(guess), timeZone)) - guess);
  // Once more where the offset at the first guess was not the offset at the answer (a change of clocks between).
  instant = guess - (asUtc(formatLocalDateTime(new Date(instant), timeZone)) - instant);
  return new Date(instant);
}

/** A call time (America/Chicago) as the wall time of another zone, 'YYYY-MM-DD HH:mm:ss'. */
export function callTimeIn(callTime: string, timeZone: string): string {
  if (timeZone === CALL_TIME_ZONE) return callTime.length === 16 ? `${callTime}:00` : callTime;
  return formatLocalDateTime(instantOfWallTime(callTime, CALL_TIME_ZONE), timeZone);
}

/** Is a call time (America/Chicago) within the calling hours of a branch in `timeZone` (both ends included)? */
export function withinCallingHours(callTime: string, timeZone: string = CALL_TIME_ZONE): boolean {
  const time = callTimeIn(callTime, timeZone).slice(11, 16);
  return time.length === 5 && time >= CALLING_HOURS.start && time <= CALLING_HOURS.end;
}

/**
 * The message refusing a callback outside the calling hours, naming them: on the call centre's clock, and, for a
 * branch in another zone, on the branch's clock too, with what that is on the call centre's clock that day.
 */
export function callbackHoursMessage(timeZone: string = CALL_TIME_ZONE, day?: string): string {
  if (timeZone === CALL_TIME_ZONE || day === undefined) {
    return `Callbacks are made within calling hours, ${callingHoursText()} (${timeZone}).`;
  }
  const here = (time: string) =>
    formatLocalDateTime(instantOfWallTime(`${day} ${time}:00`, timeZone), CALL_TIME_ZONE).slice(11, 16);
  return (
    `Callbacks are made within the branch's calling hours, ${callingHoursText()} (${timeZone}), ` +
    `which is ${callingHoursText({ start: here(CALLING_HOURS.start), end: here(CALLING_HOURS.end) })} (${CALL_TIME_ZONE}).`
  );
}

/** A callback time (America/Chicago) outside its branch's calling hours as its message, or null when inside them. */
export function callbackHoursProblem(callTime: string, timeZone: string = CALL_TIME_ZONE): string | null {
  if (withinCallingHours(callTime, timeZone)) return null;
  return callbackHoursMessage(timeZone, callTimeIn(callTime, timeZone).slice(0, 10));
}

const TYPED_TIME = /^(\d{1,4})(?:[:.h](\d{2}))?\s*(a|am|a\.m\.|p|pm|p\.m\.)?$/;

/**
 * A time of day as people type it, as 'HH:mm', or null when it is not one: '1030', '10:30', '930', '0930', '10.30',
 * '10:30 pm', '10pm', '10 a.m.', '22:15', '2215'. Without AM or PM it is the 24-hour clock, except an hour from 1 to 7
 * typed without a leading zero ('3', '330', '3:30'), which is taken as the afternoon: nobody is called back between
 * 1 and 7 in the morning, and '0330' still says 3:30 AM.
 */
export function parseTypedTime(text: string): string | null {
  const match = TYPED_TIME.exec(text.trim().toLowerCase());
  if (!match) return null;
  const [, digits = '', minutesPart, suffix] = match;
  let hour: number;
  let minute: number;
  if (minutesPart !== undefined) {
    if (digits.length > 2) return null;
    hour = Number(digits);
    minute = Number(minutesPart);
  } else if (digits.length <= 2) {
    hour = Number(digits);
    minute = 0;
  } else {
    hour = Number(digits.slice(0, -2));
    minute = Number(digits.slice(-2));
  }
  if (minute > 59) return null;
  const hourText = minutesPart !== undefined || digits.length <= 2 ? digits : digits.slice(0, -2);
  if (suffix) {
    if (hour < 1 || hour > 12) return null;
    const pm = suffix.startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  } else {
    if (hour > 23) return null;
    if (hour >= 1 && hour <= 7 && !hourText.startsWith('0')) hour += 12;
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
