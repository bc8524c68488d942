/** Resend Emails' texts (administration.md §8 where quoted; the rest ours, decision 032) and rules. */
import { CALL_TIME_ZONE, calendarDayIn, EMAIL_ADDRESS } from '@cc/domain';

export const RESEND_TEXTS = {
  title: 'Resend Emails',
  resent: 'Bad Emails Have Been Re-Sent',
  cancelled: 'Cancelled Email Resend...',
  oneResent: (address: string) => `Email Re-Sent to ${address}.`,
  notFailed: 'That email is no longer failed: nothing was re-sent.',
  /** Ours (decision 065): the range held no failed email, so the spec's 'Bad Emails Have Been Re-Sent' would be untrue. */
  noneResent: (startDate: string, endDate: string) =>
    startDate === endDate
      ? `No failed emails on ${startDate}: nothing was re-sent.`
      : `No failed emails from ${startDate} to ${endDate}: nothing was re-sent.`,
} as const;

/** The toast after a range resend: the spec's text when something went again, ours when nothing did. */
export function resendOutcome(answer: { startDate: string; endDate: string; resent: number }): {
  kind: 'success' | 'warning';
  text: string;
} {
  return answer.resent > 0
    ? { kind: 'success', text: RESEND_TEXTS.resent }
    : { kind: 'warning', text: RESEND_TEXTS.noneResent(answer.startDate, answer.endDate) };
}

/** Today in the call time zone, 'YYYY-MM-DD': both dates' default (§5). */
export const todayInCallZone = (now = new Date()): string => calendarDayIn(now, CALL_TIME_ZONE);

/** The recipients to fix first: those the server refused, else every recipient. */
export function recipientsToFix(email: { to: string; cc: string; refusedTo: string }): string[] {
  const split = (v: string) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '');
  const refused = split(email.refusedTo);
  return refused.length > 0 ? refused : [...split(email.to), ...split(email.cc)];
}

export const addressProblem = (value: string): string | null =>
  EMAIL_ADDRESS.test(value.trim()) ? null : 'Enter one email address';
