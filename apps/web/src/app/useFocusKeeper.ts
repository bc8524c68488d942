import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (lazy code, then its first data) before the keeper gives up. */
const HEADING_WAIT_MS = 15_000;
const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** The screen's heading: the first level-1 heading of the main region, outside any dialog. */
const HEADING = 'main h1';

interface Keeper {
  /** The element that last had the focus, and whether it was in a dialog. */
  last: HTMLElement | null;
  lastInDialog: boolean;
  /** The path the page was on when `last` took the focus. */
  lastPath: string;
  /** The element that last had the focus outside every dialog: what opened the dialog, when one is open. */
  opener: HTMLElement | null;
  /** A new screen's heading is awaited: what had the focus when the route changed, and until when to wait. */
  pending: { trigger: Element | null; until: number } | null;
}

const isLost = (el: Element | null) => el === null || el === document.body;

function focusHeading(heading: HTMLElement): void {
  // A heading takes the focus from a script only, never from Tab.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Where the keyboard focus goes when what had it goes away, for every screen at once (decision
 * docs/decisions/071-focus-return-and-readable-variants.md):
 * - on a new screen (a link, a sign-in, a redirect), to its heading (`main h1`), once the screen shows it, unless the
 *   screen has put the focus somewhere itself (its first control);
 * - when a dialog closes, back to what opened it. Mantine's Modal returns the focus 10 ms after it closes, but a
 *   closing modal keeps the focus inside while it fades out and then unmounts with it, and a stacked modal cancels the
 *   return, so the focus fell to the page's body. Here the focus is put back when it is lost with the removed element
 *   (seen as a change of the document that leaves the focus on the body);
 * - when the element with the focus is removed outside a dialog (a screen's content replaced), to the heading.
 * A click on the page's background, which leaves the focus on the body with its element still there, is left alone.
 */
export function useFocusKeeper(): void {
  const { pathname } = useLocation();
  const keeper = useRef<Keeper>({ last: null, lastInDialog: false, lastPath: '', opener: null, pending: null });
  const checkRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const k = keeper.current;
    let restoring = 0;
    const check = () => {
      const active = document.activeElement;
      if (k.pending) {
        if (Date.now() > k.pending.until) k.pending = null;
        // A dialog has the focus (one closing, or one the screen opens first): its end is awaited.
        else if (active?.closest(DIALOG)) return;
        else if (isLost(active) || active === k.pending.trigger) {
          const heading = document.querySelector<HTMLElement>(HEADING);
          if (heading && !document.querySelector(DIALOG)) {
            k.pending = null;
            focusHeading(heading);
          }
          return;
        } else {
          // The screen put the focus where it wants it (its first control).
          k.pending = null;
        }
      }
      if (!isLost(active) || !k.last || k.last.isConnected || restoring) return;
      // A moment for whoever removed it to put the focus back itself (a grid redrawing its focused cell).
      restoring = window.setTimeout(() => {
        restoring = 0;
        if (!isLost(document.activeElement) || !k.last || k.last.isConnected) return;
        // An open dialog keeps the focus itself (its trap).
        if (document.querySelector(DIALOG)) return;
        if (k.lastInDialog && k.opener?.isConnected) {
          k.opener.focus({ preventScroll: true });
          return;
        }
        const heading = document.querySelector<HTMLElement>(HEADING);
        if (heading) focusHeading(heading);
      }, 50);
    };
    checkRef.current = check;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const inDialog = target.closest(DIALOG) !== null;
      k.last = target;
      k.lastInDialog = inDialog;
      k.lastPath = window.location.pathname;
      if (!inDialog) k.opener = target;
      if (k.pending && !inDialog && target !== k.pending.trigger && !target.matches(HEADING)) k.pending = null;
    };
    // Only the body's subtree: Mantine's dialogs are portalled there, and the screens live there.
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      window.clearTimeout(restoring);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const k = keeper.current;
    const active = document.activeElement;
    // The new screen has already put the focus on its first control (its effects run before this one).
    if (!isLost(active) && active === k.last && k.lastPath === window.location.pathname) return;
    k.pending = { trigger: active, until: Date.now() + HEADING_WAIT_MS };
    checkRef.current();
  }, [pathname]);
}
