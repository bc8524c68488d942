import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * The latest value of a prop or a callback, for handlers and effects that must not be re-created when it changes
 * (a timer, a map's or a grid's callbacks, an unload handler). Written after each commit, never during render, so a
 * render React throws away leaves it unchanged; read it in effects and event handlers only.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
