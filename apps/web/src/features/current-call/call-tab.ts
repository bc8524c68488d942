/**
 * The call screen's tab survives a reload (docs/decisions/067-leaving-a-call.md): kept in this browser tab's
 * sessionStorage with the call it belongs to (the route's sqldbid, customer number and call type; no customer data),
 * so a reload mid-call reopens where the CSR was. Leaving the call inside the app forgets it: the next opening of a
 * call starts on the Customer tab, as the spec's screen does.
 */
const KEY = 'cc.call.tab';

export interface CallTabStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const storage = (): CallTabStore | null => {
  try {
    return sessionStorage;
  } catch {
    return null; // storage switched off: every reload starts on the Customer tab
  }
};

/** The tab kept for this call, if it is one of `tabs`; otherwise the first tab. */
export function keptTab<T extends string>(
  call: string,
  tabs: readonly T[],
  store: CallTabStore | null = storage(),
): T | undefined {
  const kept = store?.getItem(KEY) ?? '';
  const at = kept.lastIndexOf('@');
  if (at < 0 || kept.slice(0, at) !== call) return undefined;
  const tab = kept.slice(at + 1);
  return tabs.find((t) => t === tab);
}

export function keepTab(call: string, tab: string, store: CallTabStore | null = storage()): void {
  try {
    store?.setItem(KEY, `${call}@${tab}`);
  } catch {
    // full or switched off: the reload starts on the Customer tab
  }
}

export function forgetTab(call: string, store: CallTabStore | null = storage()): void {
  const kept = store?.getItem(KEY) ?? '';
  if (kept.startsWith(`${call}@`)) store?.removeItem(KEY);
}
