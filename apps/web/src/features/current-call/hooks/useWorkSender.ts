import { useCallback, useState } from 'react';
import { saveWorkState, type WorkStateSaveBody } from '../api/workState';
import { retryable } from './work-save';

export interface WorkSenderCall {
  sqldbid: number;
  customerNo: number;
  callType: string;
  callRow: string;
  /** The last revision sent or seen for the call; each send takes the next. */
  revisionRef: { current: number };
  /** True once the call has ended or was cancelled: nothing more is sent. */
  stoppedRef: { current: boolean };
}

/**
 * Sends the call's state to the server and keeps what it acknowledged: the state last acknowledged (or restored,
 * through `setAcked`) as JSON, and how many sends in a row failed in a way worth trying again.
 */
export function useWorkSender({ sqldbid, customerNo, callType, callRow, revisionRef, stoppedRef }: WorkSenderCall) {
  const [acked, setAcked] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);

  /** Send the state (as JSON) now; answered once the server has it or the try failed. */
  const send = useCallback(
    async (state: string): Promise<void> => {
      if (stoppedRef.current) return;
      revisionRef.current += 1;
      const body = {
        callType,
        callRow,
        revision: revisionRef.current,
        state: JSON.parse(state) as WorkStateSaveBody['state'],
      };
      try {
        const answer = await saveWorkState(sqldbid, customerNo, body);
        revisionRef.current = Math.max(revisionRef.current, answer.revision);
        setAcked(state);
        setFailures(0);
      } catch (error) {
        if (retryable(error)) setFailures((n) => n + 1);
      }
    },
    [sqldbid, customerNo, callType, callRow, revisionRef, stoppedRef],
  );

  /** A save that failed is tried again now, not at its next retry. */
  const retryNow = useCallback(() => setFailures((n) => (n > 0 ? 0 : n)), []);

  return { acked, setAcked, failures, retryNow, send };
}
