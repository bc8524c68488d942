import { useCallback, useState } from 'react';
import { useViewportSize } from '@mantine/hooks';

/** A grid's height for a page of rows: its header, the rows (at least three, so an empty grid has room to say so). */
export const rowsHeight = (rows: number) => 36 + Math.max(rows, 3) * 34 + 4;

/**
 * The height of a page's one grid: as tall as its rows need, and when they need more, as tall as the window leaves
 * below the grid's top (less `below`, what follows it: the pager), never shorter than `min` — so a tall screen shows
 * the whole page of rows instead of an empty lower half, and a desk's 768 px keeps the grid it had
 * (docs/decisions/089-screens-fill-the-desk-and-the-floor-shows-who-is-in.md).
 */
export function useFillHeight(
  content: number,
  { min = 520, below = 72 }: { min?: number; below?: number } = {},
): { measure: (element: HTMLDivElement | null) => void; height: number } {
  const { height: viewport } = useViewportSize();
  const [top, setTop] = useState<number | null>(null);
  // A callback ref reads the grid's top once it is laid out, never during a render; a new window height or a new page
  // of rows (an alert above the grid comes with one) makes a new callback, which React calls again with the element.
  const measure = useCallback(
    (element: HTMLDivElement | null) => {
      if (element && viewport >= 0 && content >= 0) setTop(element.getBoundingClientRect().top + window.scrollY);
    },
    [viewport, content],
  );
  const available = top === null || viewport === 0 ? min : viewport - top - below;
  return { measure, height: Math.min(content, Math.max(min, available)) };
}
