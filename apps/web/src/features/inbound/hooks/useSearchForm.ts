import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddressSuggestion, ScreenPop } from '@cc/contract';
import { EMPTY_ADVANCED, type AdvancedCriteria } from '../components/AdvancedSearchForm';
import type { SearchTab } from '../components/SearchPanel';
import type { InboundSearchMemory } from '../search-memory';

/**
 * The search panel's state: its tab, the address typed and chosen, the advanced criteria last searched; as the search
 * returned to left them, or a screen pop's number on the Advanced tab. Focus lands where a CSR types first: the
 * address, or the last name on the Advanced tab.
 */
export function useSearchForm(recalled: InboundSearchMemory | null, popped: ScreenPop | null) {
  const [poppedAdvanced] = useState(() => (popped ? { ...EMPTY_ADVANCED, phone: popped.ani } : undefined));
  const [tab, setTab] = useState<SearchTab>(recalled?.tab ?? (popped ? 'advanced' : 'address'));
  const [addressText, setAddressText] = useState(recalled?.addressText ?? '');
  const [chosenAddress, setChosenAddress] = useState<AddressSuggestion | null>(recalled?.chosenAddress ?? null);
  const [advanced, setAdvanced] = useState<AdvancedCriteria | undefined>(recalled?.advanced ?? poppedAdvanced);
  const addressRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);

  const focusSearch = useCallback(() => (tab === 'address' ? addressRef : lastNameRef).current?.focus(), [tab]);
  useEffect(focusSearch, [focusSearch]);

  const onTabChange = (next: SearchTab) => {
    // The Advanced tab clears the full address.
    if (next === 'advanced') {
      setAddressText('');
      setChosenAddress(null);
    }
    setTab(next);
  };

  return {
    tab,
    onTabChange,
    addressText,
    setAddressText,
    chosenAddress,
    setChosenAddress,
    advanced,
    setAdvanced,
    /** The advanced criteria the form starts with. */
    initialAdvanced: recalled?.advanced ?? poppedAdvanced,
    addressRef,
    lastNameRef,
    focusSearch,
  };
}
