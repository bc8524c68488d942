import { useState } from 'react';
import { useLocation } from 'react-router';
import { Collapse, Stack } from '@mantine/core';
import type { AddressSuggestion } from '@cc/contract';
import { useSession } from '../../../lib/session';
import { useInboundSearch } from '../api/inboundSearch';
import type { AdvancedCriteria } from '../components/AdvancedSearchForm';
import { InboundHeading } from '../components/InboundHeading';
import { ResultsPanel } from '../components/ResultsPanel';
import { SearchDialogs } from '../components/SearchDialogs';
import { SearchFailedAlert } from '../components/SearchFailedAlert';
import { SearchPanel } from '../components/SearchPanel';
import { useInboundResults } from '../hooks/useInboundResults';
import { useOpenCall } from '../hooks/useOpenCall';
import { useScreenPopSearch } from '../hooks/useScreenPopSearch';
import { useSearchFlow } from '../hooks/useSearchFlow';
import { useSearchForm } from '../hooks/useSearchForm';
import { recallSearch, returnsToSearch, type InboundSearchMemory } from '../search-memory';
import { screenPopOf } from '../screen-pop';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';

/** The page is as high as the window leaves it: the results take what the search panel does not. */
const PAGE_HEIGHT = { height: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))' };

/** /call-center/inbound: find the caller, then open the call; a new prospect when nothing matches. */
export default function InboundPage() {
  const current = useSession();
  const location = useLocation();
  // Back from a call cancelled (or held by another CSR): the search as the CSR left it to open the call.
  const [recalled] = useState(() => (returnsToSearch(location.state) ? recallSearch(current?.expiresAt) : null));
  // Sent by a screen pop (decision 075): the caller's number is searched at once.
  const [popped] = useState(() => screenPopOf(location.state));
  const { search, pageQuery } = useInboundSearch();
  const results = useInboundResults(recalled, pageQuery);
  const flow = useSearchFlow(search, results);
  const form = useSearchForm(recalled, popped);
  const [searchPanelOpen, setSearchPanelOpen] = useState(recalled?.searchPanelOpen ?? true);

  // What opening a call remembers: the search as it is when the CSR opens a row.
  const memory: InboundSearchMemory = {
    tab: form.tab,
    addressText: form.addressText,
    chosenAddress: form.chosenAddress,
    advanced: form.advanced,
    shown: results.shown,
    view: results.view,
    showFilters: results.showFilters,
    searchPanelOpen,
  };
  const openCall = useOpenCall(memory, popped);
  useScreenPopSearch(popped, flow.runSearch, openCall);

  const onAdvancedSearch = (criteria: AdvancedCriteria) => {
    form.setAdvanced(criteria);
    void flow.runSearch({ ...criteria, fulladdress: '' }, { zip: criteria.zip, phone: criteria.phone });
  };
  const onAddressSearch = (suggestion: AddressSuggestion) => {
    void flow.runSearch({ fulladdress: suggestion.fulladdress }, { zip: suggestion.zip, phone: '' });
  };
  /** After a dialog has gone (and no other is still up), back to the search to try again. */
  const afterDialog = () => {
    if (!Object.values(flow.dialogs.state).some(Boolean)) form.focusSearch();
  };

  const page = results.grid.query;
  const error = flow.error ?? (page.isError ? page.error : null);
  const retry = !flow.error && page.isError ? () => void page.refetch() : undefined;

  return (
    <Stack gap="sm" maw={WORK_PAGE_WIDTH} mx="auto" style={PAGE_HEIGHT} mih={560}>
      <InboundHeading />
      <Collapse expanded={searchPanelOpen} keepMounted keepMountedMode="display-none" style={{ flexShrink: 0 }}>
        <SearchPanel
          tab={form.tab}
          onTabChange={form.onTabChange}
          addressText={form.addressText}
          onAddressTextChange={form.setAddressText}
          chosenAddress={form.chosenAddress}
          onChooseAddress={form.setChosenAddress}
          onAddressSearch={onAddressSearch}
          onAdvancedSearch={onAdvancedSearch}
          searching={flow.searching}
          addressRef={form.addressRef}
          lastNameRef={form.lastNameRef}
          initialAdvanced={form.initialAdvanced}
        />
      </Collapse>
      {error ? <SearchFailedAlert error={error} retry={retry} /> : null}
      <ResultsPanel
        result={results.shown?.answer ?? null}
        searchId={results.shown?.id ?? 0}
        grid={results.grid}
        view={results.view}
        refine={results.grid.refine}
        searching={search.isPending}
        showFilters={results.showFilters}
        onShowFiltersChange={results.toggleFilters}
        searchPanelOpen={searchPanelOpen}
        onSearchPanelToggle={() => setSearchPanelOpen((open) => !open)}
        onOpen={openCall}
      />
      <SearchDialogs
        dialogs={flow.dialogs}
        overLimitTotal={flow.overLimitTotal}
        prefill={flow.prefill}
        afterDialog={afterDialog}
        onAdd={openCall}
      />
    </Stack>
  );
}
