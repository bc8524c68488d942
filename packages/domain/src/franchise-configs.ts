/**
 * Franchise Maintenance (administration.md §3; docs/decisions/032-franchise-configs-and-resend.md):
 * the rules of a franchise's configs, pure. Times of day are 'HH:mm' (24 h, America/Chicago, the call time zone);
 * email lists are addresses joined by semicolons.
 */

/** 'HH:mm', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One address: something@domain.tld, no spaces or angle brackets (the same test the email builders apply). */
export const EMAIL_ADDRESS = /^[^\s@<>;,"]+@[^\s@<>;,"]+\.[^\s@<>;,"]+$/;

/** Defaults of a franchise or branch that has no stored config. */
export const CONFIG_DEFAULTS = {
  webLeadsStart: '08:00',
  webLeadsEnd: '17:00',
  inboundFollowUpStart: '08:00',
  inboundFollowUpEnd: '17:00',
} as const;

export const MAX_CONFIG_EMAILS = 20;

export type EmailListCheck = { ok: true; addresses: string[] } | { ok: false; message: string };

/**
 * Check a list of addresses separated by ';' (',' accepted too): each one must be an address, none twice, at most
 * {@link MAX_CONFIG_EMAILS}. The message names the first bad address. Empty is a valid (empty) list.
 */
export function checkEmailList(value: string): EmailListCheck {
  const addresses: string[] = [];
  const seen = new Set<string>();
  for (const raw of value.split(/[;,]/)) {
    const address = raw.trim();
    if (address === '') continue;
    if (!EMAIL_ADDRESS.test(address)) return { ok: false, message: `'${address}' is not an email address` };
    const key = address.toLowerCase();
    if (seen.has(key)) return { ok: false, message: `'${address}' is listed twice` };
    seen.add(key);
    addresses.push(address);
  }
  if (addresses.length > MAX_CONFIG_EMAILS) return { ok: false, message: `at most ${MAX_CONFIG_EMAILS} addresses` };
  return { ok: true, addresses };
}

/** The stored form of an address list: trimmed, joined by semicolons. */
export function joinEmailAddresses(addresses: readonly string[]): string {
  return addresses.join(';');
}

/** A window of the day: start strictly before end (both 'HH:mm'). */
export function windowIsValid(start: string, end: string): boolean {
  return TIME_OF_DAY.test(start) && TIME_OF_DAY.test(end) && start < end;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

/**
 * When an inbound follow-up is due (the follow-up window of its branch): at once when the call ends inside the
 * window, at its start when before it, at the next day's start when after it. `localNow` and the answer are call
 * times ('YYYY-MM-DD HH:mm:ss', America/Chicago).
 */
export function followUpDue(localNow: string, window: { start: string; end: string }): string {
  const date = localNow.slice(0, 10);
  const time = localNow.slice(11, 16);
  if (time < window.start) return `${date} ${window.start}:00`;
  if (time < window.end) return localNow;
  return `${addDays(date, 1)} ${window.start}:00`;
}

/** Is a call time inside a window of the day (start inclusive, end exclusive)? The web-lead hours. */
export function withinWindow(localNow: string, window: { start: string; end: string }): boolean {
  const time = localNow.slice(11, 16);
  return time >= window.start && time < window.end;
}
