/**
 * The rules of saving a call's working state (useCallWork, docs/decisions/023-call-working-state.md), kept free of
 * React and of the browser so that they can be tested (work-save.test.ts).
 */
import { ApiError } from '../../../lib/request';

/** How long after the last change the state is saved. */
export const SAVE_DEBOUNCE_MS = 1000;
/** A save that could not reach the server is tried again after this long (at once when the browser is back online). */
export const RETRY_MS = 5000;

/** When the next save is due: a second after the last change, or, after failed tries, the retry interval. */
export const saveDelay = (failures: number): number => (failures === 0 ? SAVE_DEBOUNCE_MS : RETRY_MS);

/**
 * A save that failed for the connection (status 0) or the server (5xx) is tried again by itself; a refusal (the call is
 * no longer held, a value out of bounds) waits for the next change.
 */
export const retryable = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The CSR is told that the work is not saved yet: a change waits for the server and the browser is offline or the
 * last try could not reach it. A change merely waiting for its debounce says nothing.
 */
export const unsavedNotice = (pending: boolean, failures: number, online: boolean): boolean =>
  pending && (failures > 0 || !online);

/** How long the revision sent as the page went away is believed (a reload, a moment later). */
export const SENT_FRESH_MS = 10_000;

/** The sessionStorage text for the revision a page sent for `key` as it went away (the number only, no content). */
export const sentText = (key: string, revision: number, now: number): string => `${key}@${revision}@${now}`;

/** The revision this tab sent for `key` as its page went away, if that was a moment ago. */
export function sentRevisionOf(text: string | null, key: string, now: number): number | null {
  const [k, revision, at] = (text ?? '').split('@');
  const value = Number(revision);
  const age = now - Number(at);
  return k === key && Number.isInteger(value) && age >= 0 && age < SENT_FRESH_MS ? value : null;
}
