import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Customer, EndCallResponse } from '@cc/contract';
import { END_CALL_CANCELLED, END_CALL_ERROR_TITLE, sendsEndCallEmail } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { markShown } from '../../../lib/shown';
import { loadDraftQuote } from '../../pricing';
import { refreshAgentState } from '../../agent-states';
import { endCall } from '../api/endCall';
import {
  buildEndCallRequest,
  endCallCheckOf,
  endCallFailureView,
  endCallProblemView,
  endCallSummaryOf,
  keepsAttemptKey,
  newAttemptKey,
  type EndCallFailure,
  type EndCallSummary,
} from '../end-call';
import type { CallDraft } from '../model';
import { useLatest } from '../../../lib/use-latest';

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

export interface EndCallOptions {
  sqldbid: number;
  customerNo: number;
  callType: string;
  outboundId: number | undefined;
  /** The phone system's id of a popped call (decision 075). */
  phoneCallId?: string | undefined;
  customer: Customer | null;
  draft: CallDraft;
  customerInfoEditId: number | null;
  /** The results of this call type. */
  allowedResults: readonly string[];
  /** The franchise's time zone, whose calling hours a callback keeps. */
  branchTimeZone?: string | undefined;
  /** When the screen opened the call. */
  callStart: Date | string;
  /** The survey is what is missing: show it. */
  onSurveyProblem: () => void;
  /** The call has ended: the page clears it and returns to the list. */
  onEnded: (response: EndCallResponse) => void;
}

/** Tries after the first when the server could not be reached, with the same key, and the pause before each. */
const NETWORK_RETRY_DELAYS_MS = [1000, 2000];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function failureOf(error: unknown): EndCallFailure {
  if (error instanceof ApiError) {
    return { status: error.status, message: error.message, errors: error.errors, step: error.step };
  }
  return { status: -1, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The end-call sequence of the screen (call-handling.md §4 step 1 and 8, §5, §8): validate on the client, ask
 * when the customer has no email, confirm, then one POST /api/call-center/end-call behind a wait dialog. An
 * attempt's idempotency key is made when the CSR confirms and kept until the server has answered, so a retry
 * after a lost answer (automatic, or the CSR's next click) can never end the call twice.
 */
export function useEndCall(options: EndCallOptions) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<EndCallPhase>({ name: 'idle' });
  /**
   * The phase as of the last change, read by the handlers: a second click of a double click runs before the
   * screen renders again, and must see that the first one already moved on (one sequence, one request, and no
   * 'END CALL cancelled' from a click on a dialog that is closing).
   */
  const current = useRef<EndCallPhase>(phase);
  const go = (next: EndCallPhase) => {
    current.current = next;
    setPhase(next);
  };
  /** The key of an attempt whose answer never came; the next attempt sends it again. */
  const attemptKey = useRef<string | null>(null);
  /** The service year the picks were priced in (null: nothing picked), from the check to the request. */
  const serviceYear = useRef<number | null>(null);
  const latest = useLatest(options);

  const finish = (next: EndCallPhase = { name: 'idle' }) => go(next);

  const start = async () => {
    if (current.current.name !== 'idle') return;
    go({ name: 'checking' });
    const o = latest.current;
    try {
      const priced = await loadDraftQuote(queryClient, {
        sqldbid: o.sqldbid,
        customerNo: o.customerNo,
        customer: o.customer,
        draft: o.draft.pricing,
      });
      serviceYear.current = priced.quote ? priced.serviceYear : null;
      const problem = endCallProblemView(
        endCallCheckOf({
          callType: o.callType,
          draft: o.draft,
          allowedResults: o.allowedResults,
          quote: priced.quote,
          branchTimeZone: o.branchTimeZone,
        }),
      );
      if (problem?.kind === 'survey') {
        o.onSurveyProblem();
        return finish({ name: 'survey' });
      }
      if (problem) return finish({ name: 'problem', title: problem.title, message: problem.message });
      const summary = endCallSummaryOf(o.callType, o.draft, priced.quote);
      // Nobody was spoken to: no email goes out, so a missing address is not asked about.
      if (!sendsEndCallEmail(summary.result)) go({ name: 'confirm', summary, sendEmail: false });
      else if (!(o.customer?.email ?? '').trim()) go({ name: 'no-email', summary });
      else go({ name: 'confirm', summary, sendEmail: true });
    } catch (error) {
      finish({ name: 'problem', title: END_CALL_ERROR_TITLE, message: (error as Error).message });
    }
  };

  /** The CSR agreed to end without the email: on to the confirm dialog. */
  const withoutEmail = () => {
    const now = current.current;
    if (now.name === 'no-email') go({ name: 'confirm', summary: now.summary, sendEmail: false });
  };

  /** Declined (the no-email question or the confirm dialog). */
  const decline = () => {
    if (current.current.name !== 'no-email' && current.current.name !== 'confirm') return;
    finish();
    toast.info(END_CALL_CANCELLED);
  };

  const confirm = async () => {
    const now = current.current;
    if (now.name !== 'confirm') return;
    go({ name: 'sending' });
    const o = latest.current;
    attemptKey.current ??= newAttemptKey();
    const body = buildEndCallRequest({
      idempotencyKey: attemptKey.current,
      sqldbid: o.sqldbid,
      customerNo: o.customerNo,
      callType: o.callType,
      outboundId: o.outboundId,
      phoneCallId: o.phoneCallId,
      callStart: o.callStart,
      draft: o.draft,
      customerInfoEditId: o.customerInfoEditId,
      serviceYear: serviceYear.current,
      sendEmail: now.sendEmail,
      customer: o.customer,
    });
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await endCall(body);
        attemptKey.current = null;
        refreshAgentState(); // the call's end is the CSR's Wrap-up (decision 076)
        latest.current.onEnded(response);
        markShown('call-ended');
        return; // the page leaves; the wait dialog stays until it does
      } catch (error) {
        const failure = failureOf(error);
        const retry = keepsAttemptKey(failure);
        const delay = NETWORK_RETRY_DELAYS_MS[attempt];
        if (retry && delay !== undefined) {
          await sleep(delay);
          continue;
        }
        if (!retry) attemptKey.current = null;
        const view = endCallFailureView(failure);
        if (view.kind === 'toast') {
          finish();
          toast.error(view.message, error);
        } else if (view.kind === 'survey') {
          latest.current.onSurveyProblem();
          finish({ name: 'survey' });
        } else finish({ name: 'problem', title: view.title, message: view.message });
        return;
      }
    }
  };

  return {
    phase,
    /** An end is under way (checking, asking, confirming or sending): End Call stays disabled. */
    ending:
      phase.name === 'checking' || phase.name === 'no-email' || phase.name === 'confirm' || phase.name === 'sending',
    /** Validating or sending: End Call shows that it is working. */
    working: phase.name === 'checking' || phase.name === 'sending',
    start: () => void start(),
    withoutEmail,
    decline,
    confirm: () => void confirm(),
    /** Close the error dialog or the survey alert. */
    dismiss: () => {
      if (current.current.name === 'problem' || current.current.name === 'survey') finish();
    },
  };
}
