import type { RefObject } from 'react';
import { Paper, Tabs } from '@mantine/core';
import { IconListSearch, IconMapPinSearch } from '@tabler/icons-react';
import type { AddressSuggestion } from '@cc/contract';
import { AddressSearchForm } from './AddressSearchForm';
import { AdvancedSearchForm, type AdvancedCriteria } from './AdvancedSearchForm';

export type SearchTab = 'address' | 'advanced';

export interface SearchPanelProps {
  tab: SearchTab;
  onTabChange: (tab: SearchTab) => void;
  addressText: string;
  onAddressTextChange: (text: string) => void;
  chosenAddress: AddressSuggestion | null;
  onChooseAddress: (suggestion: AddressSuggestion | null) => void;
  onAddressSearch: (suggestion: AddressSuggestion) => void;
  onAdvancedSearch: (criteria: AdvancedCriteria) => void;
  searching: boolean;
  addressRef: RefObject<HTMLInputElement | null>;
  lastNameRef: RefObject<HTMLInputElement | null>;
  /** The advanced criteria to show at first (the search returned to). */
  initialAdvanced?: AdvancedCriteria | undefined;
}

/** The search panel: tabs Address Search and Advanced Search. */
export function SearchPanel(props: SearchPanelProps) {
  return (
    <Paper withBorder p="sm" pt={4} id="inbound-search-panel" component="section" aria-label="Customer search">
      <Tabs
        value={props.tab}
        onChange={(value) => value && props.onTabChange(value as SearchTab)}
        activateTabWithKeyboard={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="address" leftSection={<IconMapPinSearch size={16} />}>
            Address Search
          </Tabs.Tab>
          <Tabs.Tab value="advanced" leftSection={<IconListSearch size={16} />}>
            Advanced Search
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="address">
          <AddressSearchForm
            text={props.addressText}
            onTextChange={props.onAddressTextChange}
            chosen={props.chosenAddress}
            onChoose={props.onChooseAddress}
            onSearch={props.onAddressSearch}
            searching={props.searching}
            inputRef={props.addressRef}
          />
        </Tabs.Panel>
        <Tabs.Panel value="advanced">
          <AdvancedSearchForm
            onSearch={props.onAdvancedSearch}
            searching={props.searching}
            lastNameRef={props.lastNameRef}
            initial={props.initialAdvanced}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
