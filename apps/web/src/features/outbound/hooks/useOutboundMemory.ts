import { useEffect, useState } from 'react';
import type { OutboundCount } from '@cc/contract';

/**
 * What the outbound screen remembers between visits, per user (call-handling.md §2): the last counts
 * per call type and which sections were open. Kept in localStorage under `cc.outbound.{UserId}`.
 */
export interface OutboundMemory {
  counts?: OutboundCount[];
  open: string[];
}

export const memoryKey = (userId: number) => `cc.outbound.${userId}`;

export function readMemory(userId: number): OutboundMemory {
  try {
    const raw = localStorage.getItem(memoryKey(userId));
    const parsed = raw ? (JSON.parse(raw) as Partial<OutboundMemory>) : {};
    return {
      counts: Array.isArray(parsed.counts) ? parsed.counts : undefined,
      open: Array.isArray(parsed.open) ? parsed.open.filter((v): v is string => typeof v === 'string') : [],
    };
  } catch {
    return { open: [] };
  }
}

function writeMemory(userId: number, change: Partial<OutboundMemory>): void {
  try {
    localStorage.setItem(memoryKey(userId), JSON.stringify({ ...readMemory(userId), ...change }));
  } catch {
    // Storage full or blocked: the screen still works, it just forgets.
  }
}

/** The memory of the last visit (read once) and the open sections (state, written through to storage). */
export function useOutboundMemory(userId: number) {
  const [remembered] = useState(() => readMemory(userId));
  const [open, setOpen] = useState<string[]>(remembered.open);
  useEffect(() => writeMemory(userId, { open }), [userId, open]);
  return { rememberedCounts: remembered.counts, open, setOpen };
}

/** Remember the counts as they arrive, for the next visit. */
export function useRememberCounts(userId: number, counts: OutboundCount[] | undefined) {
  useEffect(() => {
    if (counts) writeMemory(userId, { counts });
  }, [userId, counts]);
}
