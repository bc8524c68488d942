/**
 * Releases of calls still on their way to the server. Leaving the call screen releases (and saves) the
 * call while the next screen already loads; whatever depends on that release — the dashboard asking for
 * a saved call, or the same call being opened again — waits for it first.
 *
 * A release is sent one tick after the screen unmounts, so that React's development double mount (which
 * unmounts and mounts again at once) takes the call back before anything is sent.
 */
const inFlight = new Set<Promise<void>>();
const scheduled = new Map<string, { timer: ReturnType<typeof setTimeout>; done: () => void }>();

/** Wait until every release sent or scheduled so far has been answered (or failed). */
export async function releasesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/** Schedule the release of a call; `release` runs one tick later unless the call is opened again first. */
export function scheduleRelease(key: string, release: () => Promise<unknown>): void {
  cancelRelease(key);
  let done = () => {};
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tracked = promise.finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
  const timer = setTimeout(() => {
    scheduled.delete(key);
    release().then(done, done);
  }, 0);
  scheduled.set(key, { timer, done });
}

/** The call is being opened again: drop its scheduled release. True when there was one. */
export function cancelRelease(key: string): boolean {
  const pending = scheduled.get(key);
  if (!pending) return false;
  clearTimeout(pending.timer);
  scheduled.delete(key);
  pending.done();
  return true;
}
