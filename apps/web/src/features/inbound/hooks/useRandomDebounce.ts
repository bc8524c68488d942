import { useEffect, useState } from 'react';

/**
 * The value after a random pause of up to `maxMs` since it last changed (call-handling.md §9: the inbound
 * address autocomplete waits a random delay of up to 300 ms).
 */
export function useRandomDebounce<T>(value: T, maxMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), Math.random() * maxMs);
    return () => window.clearTimeout(id);
  }, [value, maxMs]);
  return debounced;
}
