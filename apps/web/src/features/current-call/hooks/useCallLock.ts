import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { session } from '../../../lib/session';
import { refreshAgentState } from '../../agent-states';
import { callActive } from '../api/callActive';
import { callInactive, callInactiveOnUnload } from '../api/callInactive';
import type { TheCall } from '../model';
import type { WorkStateSaveBody } from '../api/workState';
import { holdCall, type LockState } from './call-hold';
import { useLatest } from '../../../lib/use-latest';

export type { LockState } from './call-hold';

const UNLOADED = 'cc.call.unloaded';

/** This tab let the call go while unloading, a moment ago. */
function unloadedRecently(key: string): boolean {
  try {
    const [k, at] = (sessionStorage.getItem(UNLOADED) ?? '').split('@');
    return k === key && Date.now() - Number(at) < 10_000;
  } catch {
    return false;
  }
}
function markUnloaded(key: string): void {
  try {
    sessionStorage.setItem(UNLOADED, `${key}@${Date.now()}`);
  } catch {
    // private mode: the heartbeat takes the call back in time anyway
  }
}

export interface CallLockOptions {
  sqldbid: number;
  customerNo: number;
  callType: string;
  outboundId: number | undefined;
  /** False while the call row is still being resolved. */
  enabled: boolean;
  theCall: TheCall | null;
  heartbeatSeconds: number;
  /** The call's working state to send with the release (true: the page is going away). */
  workState?: (pageHide: boolean) => WorkStateSaveBody | undefined;
}

/**
 * Call activity (call-handling.md §4): open the call on mount, repeat that as a heartbeat, and release it
 * when the screen goes — unmount or route change, or the window closing (pagehide, a keepalive fetch
 * with the bearer token). A released call is saved so the dashboard can send the user back to it,
 * unless `forget()` was called first (a cancelled call). An unknown customer (-1) has nothing to lock, but is
 * saved the same way, so the dashboard can send the user back to it. The hold itself — its timers and the
 * order of open, beats and release — is `holdCall` (call-hold.ts); this hook ties it to the screen.
 */
export function useCallLock({
  sqldbid,
  customerNo,
  callType,
  outboundId,
  enabled,
  theCall,
  heartbeatSeconds,
  workState,
}: CallLockOptions) {
  /** The server's answer; until then the call is opening (or waiting for its row). */
  const [answer, setState] = useState<LockState | null>(null);
  const theCallRef = useLatest(theCall);
  const saveRef = useRef(true);
  const workStateRef = useLatest(workState);
  const heartbeatRef = useLatest(heartbeatSeconds);

  useEffect(() => {
    if (!enabled) return;
    const key = `${sqldbid}/${customerNo}`;
    const release = (save: boolean, pageHide: boolean) => ({
      sqldbid,
      customerNo,
      callType,
      save,
      theCall: theCallRef.current ?? undefined,
      // The last change of the work goes with the release: the lock a separate save needs goes with it.
      workState: save ? workStateRef.current?.(pageHide) : undefined,
    });
    const hold = holdCall(key, customerNo >= 0, {
      open: () => callActive({ sqldbid, customerNo, callType, outboundId }),
      refusal: (error) => (error instanceof ApiError && error.status === 409 ? error.message : null),
      // Opening and leaving the call move the CSR's agent state on the server (decision 076): the header reads it.
      release: (save) => callInactive(release(save, false)).finally(refreshAgentState),
      releaseOnUnload: (save) => callInactiveOnUnload(release(save, true)),
      forgetSaved: () => void callInactive({ sqldbid, customerNo, callType, save: false }).catch(() => undefined),
      signedIn: () => session.token() !== null,
      heartbeatSeconds: () => heartbeatRef.current,
      save: () => saveRef.current,
      reloaded: () => unloadedRecently(key),
      markUnloaded: () => markUnloaded(key),
      setState: (next) => {
        if (next.status === 'open') refreshAgentState();
        setState(next);
      },
    });
    const onPageHide = () => hold.pageHide();
    const onPageShow = (event: PageTransitionEvent) => hold.pageShow(event.persisted);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      hold.stop();
    };
  }, [sqldbid, customerNo, callType, outboundId, enabled, theCallRef, workStateRef, heartbeatRef]);

  /** Release without saving: the call was cancelled (or moved to another customer), nothing to resume. */
  const forget = useCallback(() => {
    saveRef.current = false;
  }, []);

  const state: LockState = !enabled
    ? { status: 'waiting' }
    : customerNo < 0
      ? { status: 'open' }
      : (answer ?? { status: 'opening' });
  return { state, forget };
}
