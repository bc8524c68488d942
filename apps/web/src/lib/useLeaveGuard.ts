import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { session } from './session';

/**
 * Asks before a screen with work not yet kept is left: a move to another page inside the app is held (the screen
 * shows its confirmation from the returned blocker), and with `unload` the browser asks before a reload or a close.
 * Signing out or a lost session never asks: the session is gone, and so is the work.
 *
 * `shouldAsk` is read at the moment of leaving, so a screen leaving on purpose (after a save, on Cancel) can say no.
 */
export function useLeaveGuard(shouldAsk: () => boolean, unload = false) {
  const ask = useRef(shouldAsk);
  // The latest question, for the moment of leaving (after every render has committed).
  useLayoutEffect(() => {
    ask.current = shouldAsk;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      ask.current() && session.token() !== null && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unload) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!ask.current() || session.token() === null) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unload]);

  return blocker;
}
