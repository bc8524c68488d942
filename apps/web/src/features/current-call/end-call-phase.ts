import { sendsEndCallEmail } from '@cc/domain';
import type { EndCallProblemView, EndCallSummary, endCallFailureView } from './end-call';

/** Where the end of a call stands; every phase but idle keeps the End Call button disabled. */
export type EndCallPhase =
  | { name: 'idle' }
  /** Validating (the quote of the picks is read from the price list). */
  | { name: 'checking' }
  /** The 'Error ending call' dialog. */
  | { name: 'problem'; title: string; message: string }
  /** The survey's 'Inputs are required' alert. */
  | { name: 'survey' }
  /** The customer has no email: end without the confirmation email? */
  | { name: 'no-email'; summary: EndCallSummary }
  /** The confirm dialog. */
  | { name: 'confirm'; summary: EndCallSummary; sendEmail: boolean }
  /** The wait dialog, while the request runs. */
  | { name: 'sending' };

/**
 * Where the check of the call leads: the survey's alert or the error dialog for the first problem; otherwise the
 * confirm dialog, first asking whether to end without the email when one would go out and the customer has no address.
 */
export function phaseAfterCheck(
  problem: EndCallProblemView | null,
  summary: EndCallSummary,
  email: string | undefined,
): EndCallPhase {
  if (problem?.kind === 'survey') return { name: 'survey' };
  if (problem) return { name: 'problem', title: problem.title, message: problem.message };
  // Nobody was spoken to: no email goes out, so a missing address is not asked about.
  if (!sendsEndCallEmail(summary.result)) return { name: 'confirm', summary, sendEmail: false };
  if (!(email ?? '').trim()) return { name: 'no-email', summary };
  return { name: 'confirm', summary, sendEmail: true };
}

/** Where a failed request leads: back to idle with the step's toast, the survey's alert, or the error dialog. */
export function phaseAfterFailure(view: ReturnType<typeof endCallFailureView>): {
  phase: EndCallPhase;
  toast?: string;
} {
  if (view.kind === 'toast') return { phase: { name: 'idle' }, toast: view.message };
  if (view.kind === 'survey') return { phase: { name: 'survey' } };
  return { phase: { name: 'problem', title: view.title, message: view.message } };
}

/** An end is under way (checking, asking, confirming or sending): End Call stays disabled. */
export const isEnding = (phase: EndCallPhase) =>
  phase.name === 'checking' || phase.name === 'no-email' || phase.name === 'confirm' || phase.name === 'sending';

/** Validating or sending: End Call shows that it is working. */
export const isWorking = (phase: EndCallPhase) => phase.name === 'checking' || phase.name === 'sending';
