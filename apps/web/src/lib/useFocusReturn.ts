import { useEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog once the dialogs are closed. Mantine's Modal does this by itself, except
 * inside a Modal.Stack: closing a stacked modal ends its focus trap in the same update, which cancels the return.
 * This remembers the last element focused outside any dialog and, when `dialogOpen` turns false with the focus
 * left nowhere (on the body), focuses it again.
 */
export function useFocusReturn(dialogOpen: boolean): void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="dialog"]')) last.current = target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  const wasOpen = useRef(dialogOpen);
  useEffect(() => {
    const closed = wasOpen.current && !dialogOpen;
    wasOpen.current = dialogOpen;
    if (!closed) return;
    // After the closing modal has let the focus go (its trap ends on the next frame).
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if ((now === null || now === document.body) && last.current?.isConnected) last.current.focus();
    }, 30);
    return () => window.clearTimeout(timer);
  }, [dialogOpen]);
}
