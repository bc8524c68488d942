import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { onBeforeSignOut } from '../../../lib/before-sign-out';
import { getWorkState, type WorkStateSaveBody } from '../api/workState';
import type { CustomerEdit } from '../customer-edits';
import { callTimeOf } from '../end-call';
import type { CallDraft, TheCall } from '../model';
import { belongsTo, callRowOf, freshWork, stateOf, workOf, type CallWork } from '../work-state';
import { saveDelay, sentRevisionOf, sentText, unsavedNotice } from './work-save';
import { useLatest } from '../../../lib/use-latest';
import { useWorkSender } from './useWorkSender';

export { SAVE_DEBOUNCE_MS } from './work-save';

/** A reload waits at most this long for the state the old page sent as it went away. */
const RELOAD_WAIT_MS = 3000;
const RELOAD_POLL_MS = 200;

const SENT = 'cc.call.work';
/** The revision this tab sent for the call as its page went away, a moment ago (a reload); no content is kept. */
function sentRevision(key: string): number | null {
  try {
    return sentRevisionOf(sessionStorage.getItem(SENT), key, Date.now());
  } catch {
    return null;
  }
}
function rememberSent(key: string, revision: number): void {
  try {
    sessionStorage.setItem(SENT, sentText(key, revision, Date.now()));
  } catch {
    // private mode: the reload takes what the server has
  }
}

const workJson = (work: CallWork, customerNo: number) => JSON.stringify(stateOf(work, customerNo));

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The state the server holds for the call. After a reload it waits (a little) for the revision the old page sent as
 * it went away, since the release carrying the last change may still be on its way.
 */
async function loadStored(key: string, sqldbid: number, customerNo: number, signal: AbortSignal) {
  const expected = sentRevision(key);
  const until = Date.now() + RELOAD_WAIT_MS;
  let answer = await getWorkState(sqldbid, customerNo, signal);
  while (expected !== null && (answer.workState?.revision ?? 0) < expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, RELOAD_POLL_MS));
    if (signal.aborted) return null;
    answer = await getWorkState(sqldbid, customerNo, signal);
  }
  return answer.workState;
}

/** Is the browser online? `onBack` runs when the connection comes back. */
function useOnline(onBack: () => void): boolean {
  const [online, setOnline] = useState(isOnline);
  const onBackRef = useLatest(onBack);
  useEffect(() => {
    const onOnline = () => {
      setOnline(true);
      onBackRef.current();
    };
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [onBackRef]);
  return online;
}

/** The state to save (null: nothing to save now) is sent after a pause, longer after each failure in a row. */
function useDelayedSave(state: string | null, failures: number, send: (state: string) => Promise<void>): void {
  useEffect(() => {
    if (state === null) return;
    const timer = setTimeout(() => void send(state), saveDelay(failures));
    return () => clearTimeout(timer);
  }, [state, failures, send]);
}

/** Before the session ends, `unsaved` names the state not yet acknowledged (or null), and it is sent. */
function useSaveBeforeSignOut(unsaved: () => string | null, send: (state: string) => Promise<void>): void {
  const unsavedRef = useLatest(unsaved);
  useEffect(
    () =>
      onBeforeSignOut(async () => {
        const state = unsavedRef.current();
        if (state !== null) await send(state);
      }),
    [send, unsavedRef],
  );
}

/** While a change is not saved, leaving the page makes the browser ask first (not once the call has stopped). */
function useLeaveWarning(pending: boolean, stopped: { current: boolean }): void {
  useEffect(() => {
    if (!pending) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (stopped.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [pending, stopped]);
}

/**
 * Restores the state the server holds for the call once the call is known: `restored` gets the work kept for this
 * call (null when there is none, or it is another call's), or why it could not be read.
 */
function useRestoredWork(
  call: {
    enabled: boolean;
    key: string;
    sqldbid: number;
    customerNo: number;
    callType: string;
    callRow: string;
    workRef: { current: CallWork };
    revision: { current: number };
  },
  restored: (next: CallWork | null, error: string | null) => void,
): void {
  const { enabled, key, sqldbid, customerNo, callType, callRow, workRef, revision } = call;
  const restoredRef = useLatest(restored);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let live = true;
    loadStored(key, sqldbid, customerNo, controller.signal).then(
      (stored) => {
        if (!live) return;
        if (stored) revision.current = Math.max(revision.current, stored.revision);
        const next =
          stored && belongsTo(stored, callType, callRow)
            ? workOf(stored, workRef.current.callStart, workRef.current.phoneCallId)
            : null;
        restoredRef.current(next, null);
      },
      (error: unknown) => {
        if (live) restoredRef.current(null, (error as Error).message);
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [enabled, key, sqldbid, customerNo, callType, callRow, workRef, revision, restoredRef]);
}

/** The changes the screen makes to the work: the call's draft, a prospect's customer edits, the latest edit's id. */
function useWorkEdits(setWork: Dispatch<SetStateAction<CallWork>>) {
  const patch = useCallback(
    (change: Partial<CallDraft>) => setWork((w) => ({ ...w, draft: { ...w.draft, ...change } })),
    [setWork],
  );
  const addCustomerEdit = useCallback(
    (edit: Partial<CustomerEdit>) => setWork((w) => ({ ...w, customerEdits: { ...w.customerEdits, ...edit } })),
    [setWork],
  );
  const setInfoEditId = useCallback((infoEditId: number) => setWork((w) => ({ ...w, infoEditId })), [setWork]);
  return { patch, addCustomerEdit, setInfoEditId };
}

export interface CallWorkOptions {
  sqldbid: number;
  customerNo: number;
  callType: string;
  /** The call row the screen was opened with (names a new prospect's call). */
  callRow: TheCall | null;
  /** False while the call row is still being resolved. */
  enabled: boolean;
  /** The CSR holds the call: saves are made only then. */
  held: boolean;
  /** The phone system's id of the call, when a screen pop opened the screen (kept with the work). */
  phoneCallId?: string | undefined;
}

/**
 * The call's working state (docs/decisions/023-call-working-state.md): restored from the server
 * before the screen can be edited, saved a second after each change while the call is held, and handed to the
 * release of the call (`unloadState`) so that the last change goes with it as the screen or the page goes. The
 * browser asks before unloading while a change is not saved yet.
 */
export function useCallWork({
  sqldbid,
  customerNo,
  callType,
  callRow: row,
  enabled,
  held,
  phoneCallId,
}: CallWorkOptions) {
  const key = `${sqldbid}/${customerNo}`;
  const callRow = callRowOf(customerNo, row);
  const [work, setWork] = useState<CallWork>(() => freshWork(callTimeOf(new Date()), phoneCallId ?? null));
  const [restored, setRestored] = useState<'restoring' | 'ready'>('restoring');
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const revision = useRef(0);
  const stopped = useRef(false);
  const { acked, setAcked, failures, retryNow, send } = useWorkSender({
    sqldbid,
    customerNo,
    callType,
    callRow,
    revisionRef: revision,
    stoppedRef: stopped,
  });
  // The connection is back: a save that failed is tried again now, not at its next retry.
  const online = useOnline(retryNow);
  const workRef = useLatest(work);
  const readyRef = useRef(false);
  const ackedRef = useLatest(acked);
  const heldRef = useLatest(held);

  useRestoredWork({ enabled, key, sqldbid, customerNo, callType, callRow, workRef, revision }, (next, error) => {
    if (error !== null) setRestoreError(error);
    if (next) setWork(next);
    setAcked(JSON.stringify(stateOf(next ?? workRef.current, customerNo)));
    readyRef.current = true;
    setRestored('ready');
  });

  const json = restored === 'ready' ? workJson(work, customerNo) : null;
  const pending = json !== null && acked !== null && json !== acked;

  useDelayedSave(pending && held ? json : null, failures, send);

  // Signing out (or the idle time-out) ends the session and the call's lock: the change still waiting for its save
  // is sent first.
  useSaveBeforeSignOut(() => {
    if (!readyRef.current || stopped.current || !heldRef.current) return null;
    const state = workJson(workRef.current, customerNo);
    return state !== ackedRef.current ? state : null;
  }, send);

  // Leaving now would lose the change not yet saved.
  useLeaveWarning(pending, stopped);

  /** The state to send with the release of the call (the screen or the page is going). */
  const unloadState = useCallback(
    (pageHide: boolean): WorkStateSaveBody | undefined => {
      if (!readyRef.current || stopped.current) return undefined;
      revision.current += 1;
      if (pageHide) rememberSent(key, revision.current);
      return { callType, callRow, revision: revision.current, state: stateOf(workRef.current, customerNo) };
    },
    [key, callType, callRow, customerNo, workRef],
  );

  /** The call ended or was cancelled: nothing more is saved (the server discarded the state). */
  const stop = useCallback(() => {
    stopped.current = true;
  }, []);

  const { patch, addCustomerEdit, setInfoEditId } = useWorkEdits(setWork);

  return {
    ...work,
    ready: restored === 'ready',
    restoreError,
    pending,
    /** A change is not saved and cannot be for now (offline, or the server out of reach): the CSR is told. */
    unsaved: unsavedNotice(pending, failures, online),
    patch,
    addCustomerEdit,
    setInfoEditId,
    unloadState,
    stop,
  };
}
