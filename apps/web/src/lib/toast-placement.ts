/**
 * Bottom-right toasts never cover a grid's pager (decision 027): while toasts show, the bottom-right stack is
 * lifted above any visible AG Grid paging panel it would overlap, and drops back when it no longer would. Watches
 * the stack for toasts coming and going, and the window for scrolling and resizing.
 */
/** Marks the pagers of the grids that page on the server (components/GridPager), so toasts can keep off them. */
export const GRID_PAGER_ATTRIBUTE = 'data-grid-pager';

const STACK = '.mantine-Notifications-root[data-position="bottom-right"]';
/** AG Grid's own pager, and the pagers of the grids that page on the server (GridPager). */
const PAGER = `.ag-paging-panel:not(.ag-hidden), [${GRID_PAGER_ATTRIBUTE}]`;
const GAP = 8;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** How far from the window's bottom the stack must sit to clear every pager it overlaps, or null to stay put. */
export function liftAbovePagers(stack: Box, pagers: readonly Box[], windowHeight: number): number | null {
  let lift: number | null = null;
  for (const p of pagers) {
    if (p.right <= p.left || p.bottom <= p.top) continue;
    const overlaps = p.left < stack.right && p.right > stack.left && p.top < stack.bottom && p.bottom > stack.top;
    if (overlaps) lift = Math.max(lift ?? 0, windowHeight - p.top + GAP);
  }
  return lift;
}

/** Start keeping the stack off the pagers; answers the function that stops it. */
export function keepToastsOffPagers(): () => void {
  let frame = 0;
  const place = () => {
    frame = 0;
    const stack = document.querySelector<HTMLElement>(STACK);
    if (!stack) return;
    stack.style.bottom = '';
    if (stack.childElementCount === 0 || stack.getBoundingClientRect().height === 0) return;
    const pagers = [...document.querySelectorAll<HTMLElement>(PAGER)].map((p) => p.getBoundingClientRect());
    const lift = liftAbovePagers(stack.getBoundingClientRect(), pagers, window.innerHeight);
    if (lift !== null) stack.style.bottom = `${lift}px`;
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(place);
  };
  const observer = new MutationObserver(schedule);
  const watch = () => {
    const stack = document.querySelector(STACK);
    if (stack) observer.observe(stack, { childList: true, subtree: true });
    return stack !== null;
  };
  // The stack is rendered with the app; should it not be there yet, look again shortly.
  const retry = watch() ? 0 : window.setTimeout(watch, 500);
  window.addEventListener('resize', schedule);
  window.addEventListener('scroll', schedule, { capture: true, passive: true });
  return () => {
    window.clearTimeout(retry);
    if (frame !== 0) cancelAnimationFrame(frame);
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    window.removeEventListener('scroll', schedule, { capture: true });
  };
}
