/**
 * Holding a call while its screen is open (call-handling.md §4): open it, repeat that as a heartbeat,
 * and let it go when the screen goes. This is the whole life of `useCallLock`, kept free of React and
 * of the DOM so that its timers can be tested with fake ones (call-hold.test.ts); the hook only wires
 * it to the screen's effect, to the API and to the window's page events.
 *
 * Once the screen has gone (`stop`), nothing here may take the call again: every timer is cleared and a
 * beat that is still due does nothing. A release is sent only after the open and any beat on their way
 * have been answered, or the server could see the release first and the call would stay locked.
 */
import { cancelRelease, releasesSettled, scheduleRelease } from './releases';

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

/**
 * A reload releases the call while the old page unloads (a keepalive request) and opens it again from
 * the new page; the release may reach the server after that open, so the new page confirms the call
 * once more this long after its open was answered.
 */
export const RELOAD_CONFIRM_MS = 1500;

/** The shortest heartbeat, whatever the configuration says. */
const MIN_HEARTBEAT_SECONDS = 5;

export interface CallHoldIo {
  /** POST call-active: open the call; repeated as the heartbeat. */
  open(): Promise<unknown>;
  /** The message of a refusal (another CSR has the call, a 409), or null for any other failure. */
  refusal(error: unknown): string | null;
  /** POST call-inactive: let the call go, saving it for the dashboard when `save`. */
  release(save: boolean): Promise<unknown>;
  /** The same as the page goes away (a keepalive request that outlives the page). */
  releaseOnUnload(save: boolean): void;
  /** Forget a saved call of this customer: a call that cannot be resumed now is not kept. */
  forgetSaved(): void;
  /** A signed-out browser sends nothing: signing out released the call on the server. */
  signedIn(): boolean;
  /** The heartbeat interval of the moment (the client configuration may arrive later). */
  heartbeatSeconds(): number;
  /** Whether leaving saves the call (false once the call was cancelled). */
  save(): boolean;
  /** This tab released this call while unloading, a moment ago (a reload). */
  reloaded(): boolean;
  /** Remember that this tab released the call while unloading. */
  markUnloaded(): void;
  /** The server's answer, for the screen. Never called after `stop`. */
  setState(state: LockState): void;
}

export interface CallHold {
  /** The screen went (unmount or another call): release the call, once nothing else is on its way. */
  stop(): void;
  /** The page is going away (pagehide). */
  pageHide(): void;
  /** The page came back from the back-forward cache. */
  pageShow(persisted: boolean): void;
}

/**
 * Start holding the call `key` (`sqldbid/customerNo`). `locked` is false for an unknown customer (-1):
 * nothing to lock, the call is held from the start and only saved on leaving.
 */
export function holdCall(key: string, locked: boolean, io: CallHoldIo): CallHold {
  cancelRelease(key);
  let live = true;
  /** 'pending' until the first answer; a refused or failed call is never released or saved. */
  let outcome: 'pending' | 'held' | 'refused' | 'failed' = 'pending';
  /** The beat on its way, if any: a release waits for its answer. */
  let beating: Promise<void> = Promise.resolve();
  let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  let confirmTimer: ReturnType<typeof setTimeout> | undefined;

  const refuse = (error: unknown): boolean => {
    const message = io.refusal(error);
    if (message === null) return false;
    if (outcome === 'pending') io.forgetSaved();
    outcome = 'refused';
    if (live) io.setState({ status: 'refused', message });
    return true;
  };

  const beat = () => {
    if (!live || !locked || outcome !== 'held' || !io.signedIn()) return;
    // A missed beat is retried by the next one.
    beating = io.open().then(
      () => undefined,
      (error: unknown) => void refuse(error),
    );
  };

  const first = !locked
    ? Promise.resolve().then(() => {
        outcome = 'held';
      })
    : releasesSettled()
        .then(() => io.open())
        .then(
          () => {
            if (outcome === 'pending') outcome = 'held';
            // Left before the answer came: the release that `stop` scheduled lets the call go.
            if (!live) return;
            io.setState({ status: 'open' });
            if (io.reloaded()) confirmTimer = setTimeout(beat, RELOAD_CONFIRM_MS);
          },
          (error: unknown) => {
            if (refuse(error)) return;
            outcome = 'failed';
            if (io.signedIn()) io.forgetSaved();
            if (live) io.setState({ status: 'failed', message: (error as Error).message });
          },
        );

  // Each beat schedules the next with the interval of the moment.
  const next = () => {
    heartbeatTimer = setTimeout(
      () => {
        beat();
        next();
      },
      Math.max(MIN_HEARTBEAT_SECONDS, io.heartbeatSeconds()) * 1000,
    );
  };
  if (locked) next();

  return {
    stop() {
      live = false;
      clearTimeout(heartbeatTimer);
      clearTimeout(confirmTimer);
      const heldWhenLeft = outcome === 'held';
      scheduleRelease(key, async () => {
        await first; // an open still on its way is released too, never left locked behind us
        await beating; // so is a beat: answered after the release, it would lock the call again
        if (outcome !== 'held' || !io.signedIn()) return;
        await io.release(io.save() && heldWhenLeft).catch(() => undefined);
      });
    },
    pageHide() {
      if (outcome !== 'held') return;
      io.releaseOnUnload(io.save());
      io.markUnloaded();
    },
    pageShow(persisted) {
      if (persisted) beat(); // back from the back-forward cache: take the call again
    },
  };
}
