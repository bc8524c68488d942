import { useEffect, useLayoutEffect, useRef } from 'react';
import { useClientConfig } from '../../../app/client-config';
import { session } from '../../../lib/session';
import { noteCallLeft } from '../left-call';
import type { TheCall } from '../model';
import { useCallLock } from './useCallLock';
import { useCallWork } from './useCallWork';

interface HeldCallOptions {
  sqldbid: number;
  customerNo: number;
  callType: string;
  outboundId: number | undefined;
  /** The call's row and customer are known: the lock may be asked for. */
  callKnown: boolean;
  theCall: TheCall | null;
  /** A new prospect's call is named by its row, which a deep link has once the prospect's record is read. */
  rowKnown: boolean;
  /** The phone system's id of the call, when a screen pop opened it. */
  phoneCallId?: string | undefined;
}

/**
 * Holding the call: its lock (opened, kept alive, released with the working state's last change) and the working
 * state (restored before anything can be edited, saved while the call is held).
 */
export function useHeldCall({
  sqldbid,
  customerNo,
  callType,
  outboundId,
  callKnown,
  theCall,
  rowKnown,
  phoneCallId,
}: HeldCallOptions) {
  const config = useClientConfig();
  // The release of the call carries the working state's last change; the working state's hook, which needs the
  // lock's answer, gives it after each commit.
  const unloadState = useRef<ReturnType<typeof useCallWork>['unloadState'] | null>(null);
  const lock = useCallLock({
    sqldbid,
    customerNo,
    callType,
    outboundId,
    enabled: callKnown,
    theCall,
    heartbeatSeconds: config.callHeartbeatSeconds,
    workState: (pageHide) => unloadState.current?.(pageHide),
  });
  const open = lock.state.status === 'open';
  // Leaving the screen inside the app, signed in (not a reload, not a sign-out): the dashboard offers the call
  // rather than sending the user straight back to it (docs/decisions/067-leaving-a-call.md).
  useEffect(() => () => noteCallLeft(session.token() === null ? undefined : session.get()?.expiresAt), []);
  const work = useCallWork({
    sqldbid,
    customerNo,
    callType,
    callRow: theCall,
    enabled: callKnown && rowKnown,
    held: open,
    phoneCallId,
  });
  useLayoutEffect(() => {
    unloadState.current = work.unloadState;
  }, [work.unloadState]);
  return { lock, open, work };
}
