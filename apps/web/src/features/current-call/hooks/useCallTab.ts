import { useEffect, useRef, useState } from 'react';
import { forgetTab, keepTab, keptTab } from '../call-tab';
import { CALL_TABS } from './useCallShortcuts';

/**
 * The call screen's tab: the Customer tab at first, or the one kept across a reload of this call (call-tab.ts);
 * forgotten when the call is left in the app. The pricing tab mounts on its first visit and then stays, so its prices
 * load when the CSR turns to them.
 */
export function useCallTab(sqldbid: number, customerNo: number, callType: string) {
  const call = `${sqldbid}/${customerNo}/${callType}`;
  const [tab, setTab] = useState<string>(() => keptTab(call, CALL_TABS) ?? 'customer');
  const [pricingSeen, setPricingSeen] = useState(tab === 'pricing');
  /** The tab of the moment, for an effect that should not run again when it changes. */
  const current = useRef(tab);
  const openTab = (value: string | null) => {
    const next = value ?? 'customer';
    current.current = next;
    setTab(next);
    keepTab(call, next);
    if (next === 'pricing') setPricingSeen(true);
  };
  useEffect(() => () => forgetTab(call), [call]);
  return { tab, openTab, pricingSeen, current };
}
