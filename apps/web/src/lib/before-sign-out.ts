/**
 * Work to finish before the session ends, by a sign-out or by the idle time-out: the call screen's last change, still
 * waiting for its debounced save, is sent while the session (and the call's lock) can still take it
 * (docs/decisions/023-call-working-state.md). Each task has at most `BEFORE_SIGN_OUT_MS` together with the others, so a
 * request that hangs never keeps the user signed in.
 */
export const BEFORE_SIGN_OUT_MS = 3000;

const tasks = new Set<() => Promise<unknown>>();

/** Run `task` before every sign-out until the returned function is called. */
export function onBeforeSignOut(task: () => Promise<unknown>): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Run every registered task and wait for them all (failures included), at most `ms`. */
export async function beforeSignOut(ms = BEFORE_SIGN_OUT_MS): Promise<void> {
  if (tasks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const all = Promise.allSettled([...tasks].map((task) => Promise.resolve().then(task)));
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
