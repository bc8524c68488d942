import { useEffect, useRef, useState } from 'react';
import { forgetTab, keepTab, keptTab } from '../call-tab';
import { CALL_TABS } from './useCallShortcuts';

/**
 * The call screen's tab: the Customer tab at first, or the one kept across a reload of this call (call-tab.ts);
 * forgotten when the call is left in the app. A tab renders on its first visit and then stays (`visited`): the pricing
 * tab's prices load when the CSR turns to them, and the hidden grids, script and survey form are not rendered with
 * the call.
 */
export function useCallTab(sqldbid: number, customerNo: number, callType: string) {
  const call = `${sqldbid}/${customerNo}/${callType}`;
  const [tab, setTab] = useState<string>(() => keptTab(call, CALL_TABS) ?? 'customer');
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([tab]));
  /** The tab of the moment, for an effect that should not run again when it changes. */
  const current = useRef(tab);
  const openTab = (value: string | null) => {
    const next = value ?? 'customer';
    current.current = next;
    setTab(next);
    keepTab(call, next);
    setVisited((seen) => (seen.has(next) ? seen : new Set(seen).add(next)));
  };
  useEffect(() => () => forgetTab(call), [call]);
  return { tab, openTab, visited, current };
}
