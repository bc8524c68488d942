import { useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Customer, EndCallRequest, EndCallResponse } from '@cc/contract';
import { END_CALL_CANCELLED, END_CALL_ERROR_TITLE } from '@cc/domain';
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
} from '../end-call';
import { isEnding, isWorking, phaseAfterCheck, phaseAfterFailure, type EndCallPhase } from '../end-call-phase';
import type { CallDraft } from '../model';
import { useLatest } from '../../../lib/use-latest';

export type { EndCallPhase } from '../end-call-phase';

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
 * The check before anything is asked (§5): the picks priced from the price list, the call's fields and the survey
 * checked, and where that leads, with the service year the picks were priced in (null: nothing picked).
 */
async function checkCall(queryClient: QueryClient, o: EndCallOptions) {
  const priced = await loadDraftQuote(queryClient, {
    sqldbid: o.sqldbid,
    customerNo: o.customerNo,
    customer: o.customer,
    draft: o.draft.pricing,
  });
  const problem = endCallProblemView(
    endCallCheckOf({
      callType: o.callType,
      draft: o.draft,
      allowedResults: o.allowedResults,
      quote: priced.quote,
      branchTimeZone: o.branchTimeZone,
    }),
  );
  const summary = endCallSummaryOf(o.callType, o.draft, priced.quote);
  return {
    serviceYear: priced.quote ? priced.serviceYear : null,
    next: phaseAfterCheck(problem, summary, o.customer?.email),
  };
}

/** The end-call request of this attempt. */
function requestOf(o: EndCallOptions, idempotencyKey: string, serviceYear: number | null, sendEmail: boolean) {
  return buildEndCallRequest({
    idempotencyKey,
    sqldbid: o.sqldbid,
    customerNo: o.customerNo,
    callType: o.callType,
    outboundId: o.outboundId,
    phoneCallId: o.phoneCallId,
    callStart: o.callStart,
    draft: o.draft,
    customerInfoEditId: o.customerInfoEditId,
    serviceYear,
    sendEmail,
    customer: o.customer,
  });
}

/** Sends the request, again with the same key after a pause while the server cannot be reached; its answer or failure. */
async function sendWithRetries(
  body: EndCallRequest,
): Promise<{ response: EndCallResponse } | { failure: EndCallFailure; error: unknown }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { response: await endCall(body) };
    } catch (error) {
      const failure = failureOf(error);
      const delay = NETWORK_RETRY_DELAYS_MS[attempt];
      if (!keepsAttemptKey(failure) || delay === undefined) return { failure, error };
      await sleep(delay);
    }
  }
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
    try {
      const checked = await checkCall(queryClient, latest.current);
      serviceYear.current = checked.serviceYear;
      if (checked.next.name === 'survey') latest.current.onSurveyProblem();
      go(checked.next);
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
    attemptKey.current ??= newAttemptKey();
    const body = requestOf(latest.current, attemptKey.current, serviceYear.current, now.sendEmail);
    const sent = await sendWithRetries(body);
    if ('response' in sent) {
      attemptKey.current = null;
      refreshAgentState(); // the call's end is the CSR's Wrap-up (decision 076)
      latest.current.onEnded(sent.response);
      markShown('call-ended');
      return; // the page leaves; the wait dialog stays until it does
    }
    if (!keepsAttemptKey(sent.failure)) attemptKey.current = null;
    const { phase: next, toast: message } = phaseAfterFailure(endCallFailureView(sent.failure));
    if (next.name === 'survey') latest.current.onSurveyProblem();
    finish(next);
    if (message !== undefined) toast.error(message, sent.error);
  };

  return {
    phase,
    /** An end is under way (checking, asking, confirming or sending): End Call stays disabled. */
    ending: isEnding(phase),
    /** Validating or sending: End Call shows that it is working. */
    working: isWorking(phase),
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
