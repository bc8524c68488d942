import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { session } from '../../../lib/session';
import { callActive } from '../api/callActive';
import { callInactive, callInactiveOnUnload } from '../api/callInactive';
import type { TheCall } from '../model';
import { cancelRelease, releasesSettled, scheduleRelease } from './releases';

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

export type LockState =
  /** The call row is still being resolved (a deep link). */
  | { status: 'waiting' }
  | { status: 'opening' }
  /** The call is ours; the heartbeat keeps it. */
  | { status: 'open' }
  /** Another CSR has the call: 'Sorry, but this call is currently active...'. */
  | { status: 'refused'; message: string }
  /** The call could not be opened (e.g. the customer is not in the user's scope). */
  | { status: 'failed'; message: string };

export interface CallLockOptions {
  sqldbid: number;
  customerNo: number;
  callType: string;
  outboundId: number | undefined;
  /** False while the call row is still being resolved. */
  enabled: boolean;
  theCall: TheCall | null;
  heartbeatSeconds: number;
}

/**
 * Call activity (call-handling.md §4): open the call on mount, repeat that as a heartbeat, and release it
 * when the screen goes — unmount or route change, or the window closing (pagehide, a keepalive fetch
 * with the bearer token). A released call is saved so the dashboard can send the user back to it,
 * unless `forget()` was called first (a cancelled call). An unknown customer (-1) has nothing to lock, but is
 * saved the same way, so the dashboard can send the user back to it.
 */
export function useCallLock({
  sqldbid,
  customerNo,
  callType,
  outboundId,
  enabled,
  theCall,
  heartbeatSeconds,
}: CallLockOptions) {
  /** The server's answer; until then the call is opening (or waiting for its row). */
  const [answer, setState] = useState<LockState | null>(null);
  const theCallRef = useRef(theCall);
  theCallRef.current = theCall;
  const saveRef = useRef(true);
  const heartbeatRef = useRef(heartbeatSeconds);
  heartbeatRef.current = heartbeatSeconds;

  useEffect(() => {
    if (!enabled) return;
    /** An unknown customer (-1) has nothing to lock: the call is held from the start and only saved on leaving. */
    const unlocked = customerNo < 0;
    const key = `${sqldbid}/${customerNo}`;
    cancelRelease(key);
    let live = true;
    /** 'pending' until the first answer; a refused or failed call is never released or saved. */
    let outcome: 'pending' | 'held' | 'refused' | 'failed' = 'pending';
    const request = () => callActive({ sqldbid, customerNo, callType, outboundId });
    /** A call that cannot be resumed now is not kept as this user's saved call either. */
    const forgetSaved = () => void callInactive({ sqldbid, customerNo, callType, save: false }).catch(() => undefined);
    const refuse = (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        if (outcome === 'pending') forgetSaved();
        outcome = 'refused';
        if (live) setState({ status: 'refused', message: error.message });
        return true;
      }
      return false;
    };

    const first = unlocked
      ? Promise.resolve().then(() => {
          outcome = 'held';
        })
      : releasesSettled()
          .then(request)
          .then(
            () => {
              if (outcome === 'pending') outcome = 'held';
              if (live) setState({ status: 'open' });
              // Reopened right after this window let the call go (a reload): that release may still reach
              // the server after this open, so confirm the call once more when it has.
              if (unloadedRecently(key)) setTimeout(beat, 1500);
            },
            (error: unknown) => {
              if (refuse(error)) return;
              outcome = 'failed';
              if (session.token()) forgetSaved();
              if (live) setState({ status: 'failed', message: (error as Error).message });
            },
          );
    const beat = () => {
      if (unlocked || outcome !== 'held' || !session.token()) return;
      request().catch((error: unknown) => void refuse(error)); // a missed beat is retried by the next
    };
    // Each beat schedules the next with the configured interval of the moment.
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          beat();
          next();
        },
        Math.max(5, heartbeatRef.current) * 1000,
      );
    };
    if (!unlocked) next();
    const release = (save: boolean) => ({
      sqldbid,
      customerNo,
      callType,
      save,
      theCall: theCallRef.current ?? undefined,
    });
    const onPageHide = () => {
      if (outcome !== 'held') return;
      callInactiveOnUnload(release(saveRef.current));
      markUnloaded(key);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && outcome === 'held') beat(); // back from the back-forward cache: take it again
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);

    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      const heldWhenLeft = outcome === 'held';
      scheduleRelease(key, async () => {
        await first; // an open still on its way is released too, never left locked behind us
        if (outcome !== 'held' || !session.token()) return;
        await callInactive(release(saveRef.current && heldWhenLeft)).catch(() => undefined);
      });
    };
  }, [sqldbid, customerNo, callType, outboundId, enabled]);

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
