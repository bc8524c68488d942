/**
 * The moment a screen's data is on the screen, as a User Timing mark (`cc:shown:<name>`), so that the time from a
 * user's action to what they came for can be read in the browser itself: the screen bench (bench/src/web/) reads
 * these marks, and so can anyone in the browser's performance panel. Only the latest mark of each name is kept, so a
 * screen left open all day holds one entry per name, not one per refresh.
 */
import { useEffect } from 'react';

export const SHOWN_PREFIX = 'cc:shown:';

/**
 * Marks `name` once the browser has painted what React just committed: the frame callback runs before that paint,
 * and a task queued from it runs after it.
 */
export function markShown(name: string): void {
  if (typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  requestAnimationFrame(() => {
    setTimeout(() => {
      performance.clearMarks(SHOWN_PREFIX + name);
      performance.mark(SHOWN_PREFIX + name);
    }, 0);
  });
}

/**
 * Marks `name` each time `shown` becomes true, and again when `data` changes while it is (a new page, a new filter's
 * rows): pass the answer the screen draws. Without a name, nothing is marked.
 */
export function useShownMark(name: string | undefined, shown: boolean, data?: unknown): void {
  useEffect(() => {
    if (shown && name !== undefined) markShown(name);
  }, [name, shown, data]);
}
