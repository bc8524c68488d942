/**
 * An error that carries a reference (a server failure's request id, which finds its log line: ApiError's
 * `requestId`) is worth reporting: its toast stays until the user dismisses it, and the reference can be copied
 * (docs/decisions/067-leaving-a-call.md). Pure, so the rule is tested without a browser.
 */
import { TOAST_MS } from '@cc/domain';
import { ApiError } from './request';

export interface WithReference {
  /** The toast's words. */
  text: string;
  reference: string;
}

/** The reference of what made a toast, when it is a server failure that carries one. */
export function referenceOf(cause: unknown): string | null {
  return cause instanceof ApiError && cause.requestId ? cause.requestId : null;
}

/** How long a toast shows: an error with a reference until dismissed (false), any other the spec's 3000 ms. */
export function autoCloseOf(kind: string, reference: string | null): number | false {
  return kind === 'error' && reference !== null ? false : TOAST_MS;
}
