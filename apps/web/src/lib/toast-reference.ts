/**
 * An error that carries a reference (a server failure's request id, which finds its log line; request.ts adds it
 * to the message as '(Reference: …)') is worth reporting: its toast stays until the user dismisses it, and the
 * reference can be copied (docs/decisions/067-leaving-a-call.md). Pure, so the rule is tested without a browser.
 */
import { TOAST_MS } from '@cc/domain';

const REFERENCE = /\s*\(Reference: ([^()\s]+)\)\s*$/;

export interface WithReference {
  /** The message without its reference. */
  text: string;
  reference: string;
}

/** The message's reference, if it ends with one. */
export function referenceOf(message: string): WithReference | null {
  const match = REFERENCE.exec(message);
  if (!match?.[1]) return null;
  return { text: message.slice(0, match.index), reference: match[1] };
}

/** How long a toast shows: an error with a reference until dismissed (false), any other the spec's 3000 ms. */
export function autoCloseOf(kind: string, message: string): number | false {
  return kind === 'error' && referenceOf(message) !== null ? false : TOAST_MS;
}
