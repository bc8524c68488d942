import { useEffect, useRef, useState } from 'react';

export const sectionId = (callTypeName: string) => `outbound-section-${callTypeName}`;
const scrollSectionIntoView = (callTypeName: string) =>
  document.getElementById(sectionId(callTypeName))?.scrollIntoView({ block: 'start', behavior: 'smooth' });

/** A section to bring into view: at once, or once its panel has opened. */
interface ScrollRequest {
  name: string;
  afterOpening: boolean;
}

/**
 * Opens a section and brings it into view: at once when it is open already, else once its panel has opened (so that a
 * section near the end of the page can still come to the top). Arriving on a sub-state's path (`routed`; also by a
 * link or Back) does the same; on the first render its section simply starts open. `shown` is what makes the
 * sections appear (the counts): a request waits for it.
 */
export function useSectionReveal(options: {
  open: string[];
  setOpen: (open: string[]) => void;
  pathname: string;
  routed: string | undefined;
  shown: unknown;
}) {
  const { open, setOpen, pathname, routed, shown } = options;
  const [pendingScroll, setPendingScroll] = useState<ScrollRequest | null>(null);
  /** The request already served, so that a later render does not scroll again. */
  const scrolled = useRef<ScrollRequest | null>(null);
  const reveal = (name: string) => {
    const wasOpen = open.includes(name);
    if (!wasOpen) setOpen([...open, name]);
    setPendingScroll({ name, afterOpening: !wasOpen });
  };
  /** The section asked for, once its panel has opened (its transition's end), unless it has been already. */
  const scrollToPending = (name: string) => {
    if (pendingScroll?.name !== name || scrolled.current === pendingScroll) return;
    scrolled.current = pendingScroll;
    scrollSectionIntoView(name);
  };

  const [seenPath, setSeenPath] = useState<string | null>(null);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (routed && seenPath === null) {
      if (!open.includes(routed)) setOpen([...open, routed]);
      setPendingScroll({ name: routed, afterOpening: false });
    } else if (routed) {
      reveal(routed);
    }
  }
  useEffect(() => {
    const pending = pendingScroll;
    // Not there yet while the counts load (the counts are a dependency: the section appears with them).
    if (!pending || scrolled.current === pending || !document.getElementById(sectionId(pending.name))) return;
    const scroll = () => {
      scrolled.current = pending;
      scrollSectionIntoView(pending.name);
    };
    if (!pending.afterOpening) {
      scroll();
      return;
    }
    // Once the panel has opened; should its transition not run (reduced motion), this is the time anyway.
    const timer = window.setTimeout(scroll, 1000);
    return () => window.clearTimeout(timer);
  }, [pendingScroll, shown]);

  return { reveal, scrollToPending };
}
