import type { TheCall } from '../model';
import { useCallCustomer } from './useCallCustomer';
import { useCallSubject } from './useCallSubject';
import { useHeldCall } from './useHeldCall';

export interface OpenedCallOptions {
  sqldbid: number;
  customerNo: number;
  callType: string;
  routedCall: TheCall | null;
  /** The phone system's id of the call, when a screen pop opened it (decision 075). */
  phoneCallId?: string | undefined;
}

/**
 * The call as it opens: what it is about (its row and customer), then holding it (the lock and the working state,
 * restored), then the customer as the call shows it (with a prospect's edits kept in the work).
 */
export function useOpenedCall({ sqldbid, customerNo, callType, routedCall, phoneCallId }: OpenedCallOptions) {
  const subject = useCallSubject(sqldbid, customerNo, callType, routedCall);
  const { callKnown, outboundId, customerQuery, theCall } = subject;
  const rowKnown = customerNo !== 0 || theCall !== null || customerQuery.isError;
  const { lock, open, work } = useHeldCall({
    sqldbid,
    customerNo,
    callType,
    outboundId,
    callKnown,
    theCall,
    rowKnown,
    phoneCallId,
  });
  const customer = useCallCustomer({ sqldbid, customerNo, subject, work });
  return { subject, lock, open, work, ...customer };
}
