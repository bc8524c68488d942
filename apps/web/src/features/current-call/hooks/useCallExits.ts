import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { EndCallResponse, SessionUser } from '@cc/contract';
import { toast } from '../../../lib/toast';
import { useLeaveGuard } from '../../../lib/useLeaveGuard';
import { RETURN_TO_SEARCH } from '../../inbound';
import { useInsertCancelCall } from '../api/insertCancelCall';
import { currentCallKey } from '../api/keys';
import { endedMessage } from '../end-call';
import { currentCallPath, type TheCall } from '../model';

/** Said after Cancel Call (decision 024). */
export const callCancelledMessage = (name: string) =>
  `Call cancelled: ${name || 'the caller'}. Nothing from it was saved.`;

interface CallExitsInput {
  user: SessionUser;
  sqldbid: number;
  customerNo: number;
  callType: string;
  outbound: boolean;
  outboundId: number | undefined;
  theCall: TheCall | null;
  /** The call's list: where every way out of the call goes. */
  listPath: string;
  /** The caller's name as shown, for the cancel toast. */
  name: string;
  /** The call is open (locked by this user): leaving it by a link asks first. */
  open: boolean;
  /** Drop the lock without keeping the call as the saved call. */
  forgetLock: () => void;
  /** Stop saving the call's work. */
  stopWork: () => void;
}

/**
 * Every way out of an open call: Cancel Call (recorded, then back to the list), the call ended (what it changed is
 * read again), another account for the call, leaving for now (the release keeps it as the saved call), and any
 * other navigation inside the app, which asks first. Signing out or a lost session never asks.
 */
export function useCallExits(input: CallExitsInput) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancel = useInsertCancelCall();
  /** Set when the screen leaves on purpose: no prompt then. */
  const leaving = useRef(false);

  const blocker = useLeaveGuard(() => input.open && !leaving.current);

  /** Leave without the prompt and without saving the call for later. */
  const leaveFor = (path: string, state?: { theCall: TheCall } | typeof RETURN_TO_SEARCH) => {
    input.forgetLock();
    input.stopWork();
    leaving.current = true;
    void navigate(path, { replace: state !== undefined && 'theCall' in state, state });
  };

  /** Left for now, not forgotten: the release keeps the call (and its work) as the saved call. */
  const leaveForNow = () => {
    leaving.current = true;
    void navigate(input.listPath);
  };

  /** Another account for this call (a lookup, or a web lead's new number): the screen opens that customer. */
  const switchTo = (n: number) => {
    const row: TheCall = { ...(input.theCall ?? {}), ...(input.outbound ? { cust_No: n } : { AccountNo: n }) };
    leaveFor(currentCallPath(input.sqldbid, n, input.callType), { theCall: row });
  };

  const cancelCall = () => {
    const { user } = input;
    cancel.mutate(
      {
        csuser_id: user.UserId,
        csagent: `${user.FirstName} ${user.LastName}`.trim(),
        sqldbid: input.sqldbid,
        // -1 stays -1: an unknown customer's call is recorded as such, as End Call records it.
        cust_no: input.customerNo,
        callType: input.callType,
        outboundId: input.outboundId,
      },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['outbound'] });
          toast.info(callCancelledMessage(input.name.trim()));
          // A wrong row opened: back to the search as the CSR left it (the outbound lists keep theirs anyway).
          leaveFor(input.listPath, RETURN_TO_SEARCH);
        },
        onError: (error) => toast.error(`ERROR Cancelling Call: ${error.message}`, error),
      },
    );
  };

  /** The call has ended: what it changed is read again, and the screen returns to its list without a prompt. */
  const ended = (response: EndCallResponse) => {
    toast.success(endedMessage(response));
    const stale = ['history', 'touchpoints', 'webOrders', 'customer', 'resolve'];
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === currentCallKey[0] && typeof q.queryKey[1] === 'string' && stale.includes(q.queryKey[1]),
      refetchType: 'none',
    });
    for (const key of [['outbound'], ['dashboard'], ['quotes']]) {
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
    }
    leaveFor(input.listPath);
  };

  return { blocker, leaveForNow, switchTo, cancelCall, cancelling: cancel.isPending, ended };
}
