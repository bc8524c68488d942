/**
 * Bottom-right toasts never cover a grid's pager (decision 027): while toasts show, the bottom-right stack is
 * lifted above any visible AG Grid paging panel it would overlap, and drops back when it no longer would. Top-right
 * toasts (the administration screens') show below the app's header, never over its links and account menu
 * (docs/decisions/067-leaving-a-call.md). Watches the stacks for toasts coming and going, and the window for
 * scrolling and resizing.
 */
/** Marks the pagers of the grids that page on the server (components/grid/GridPager), so toasts can keep off them. */
export const GRID_PAGER_ATTRIBUTE = 'data-grid-pager';

/** Marks the app's header (app/Layout.tsx), which the top-right toasts keep below. */
export const APP_HEADER_ATTRIBUTE = 'data-app-header';

const STACK = '.mantine-Notifications-root[data-position="bottom-right"]';
const TOP_STACK = '.mantine-Notifications-root[data-position="top-right"]';
const HEADER = `[${APP_HEADER_ATTRIBUTE}]`;
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

/** Where the top-right stack starts: below the header with a gap, or null (no header on screen) to stay put. */
export function belowHeader(header: Box | null): number | null {
  if (!header || header.bottom <= header.top || header.bottom <= 0) return null;
  return header.bottom + GAP;
}

/** Start keeping the stacks off the pagers and the header; answers the function that stops it. */
export function keepToastsOffPagers(): () => void {
  let frame = 0;
  const placeTop = () => {
    const stack = document.querySelector<HTMLElement>(TOP_STACK);
    if (!stack) return;
    const top = belowHeader(document.querySelector(HEADER)?.getBoundingClientRect() ?? null);
    stack.style.top = top === null ? '' : `${top}px`;
  };
  const place = () => {
    frame = 0;
    placeTop();
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
  // The top-right stack is placed at once (mutation callbacks run before the frame is painted), so a toast never
  // shows over the header for a frame.
  const observer = new MutationObserver(() => {
    placeTop();
    schedule();
  });
  const watch = () => {
    const stacks = [STACK, TOP_STACK].map((selector) => document.querySelector(selector));
    for (const stack of stacks) if (stack) observer.observe(stack, { childList: true, subtree: true });
    return stacks.every((stack) => stack !== null);
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
