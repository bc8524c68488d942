import { useCallback, useEffect, useRef, useState } from 'react';
import { generatePath, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Collapse, Group, Modal, Stack, Text, Title, useModalsStack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  INBOUND_FIRST_VIEW,
  type AddressSuggestion,
  type InboundCriteria,
  type InboundRow,
  type InboundSearchResponse,
} from '@cc/contract';
import { scopeOf, type Scope } from '@cc/domain';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useInboundPageFetcher, useInboundSearch } from '../api/inboundSearch';
import { useValidateZipCode } from '../api/validateZipCode';
import { dnisBranch } from '../api/dnisBranch';
import { AddCallDialog, type AddCallPrefill } from '../components/AddCallDialog';
import { EMPTY_ADVANCED, type AdvancedCriteria } from '../components/AdvancedSearchForm';
import { AlertDialog } from '../components/AlertDialog';
import { ResultsPanel } from '../components/ResultsPanel';
import { PAGE_SIZES, type PageFailure } from '../components/ResultsGrid';
import type { SearchView } from '../grid-view';
import { SearchPanel, type SearchTab } from '../components/SearchPanel';
import { recallSearch, rememberSearch, returnsToSearch } from '../search-memory';
import { useLatest } from '../../../lib/use-latest';
import { screenPopOf } from '../screen-pop';

/** The call screen, route name currentCall. */
const CURRENT_CALL = '/call-center/current-call/:sqldbid/:customerNo/:callType';
const ZIP = /^\d{5}(-?\d{4})?$/;

export const overLimitMessage = (n: number) =>
  `Total of ${n} records will be returned. Please refine your search criteria.`;
export const ZIP_NOT_SERVICED = 'The franchise is not offering Lawn Care services at this zip code.';

const EMPTY_PREFILL: AddCallPrefill = { firstname: '', lastname: '', phone: '', zip: '', franchise: null };

function scopeText(scope: Scope): string {
  switch (scope.kind) {
    case 'all':
      return 'Searching customers of every branch';
    case 'general':
      return 'Searching customers of every branch (general search)';
    case 'designation':
      return scope.designation === 'COF'
        ? 'Searching customers of company-owned branches'
        : 'Searching customers of independent-franchise branches';
    case 'branches':
      return scope.branches.length > 0
        ? `Searching customers of your branches: ${scope.branches.join(', ')}`
        : 'Your account has no branches, so no customers can be found';
  }
}

/** /call-center/inbound: find the caller, then open the call; a new prospect when nothing matches. */
export default function InboundPage() {
  const current = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Back from a call cancelled (or held by another CSR): the search as the CSR left it to open the call.
  const [recalled] = useState(() => (returnsToSearch(location.state) ? recallSearch(current?.expiresAt) : null));
  // Sent by a screen pop (decision 075): the caller's number is searched at once.
  const [popped] = useState(() => screenPopOf(location.state));
  const poppedAdvanced = popped ? { ...EMPTY_ADVANCED, phone: popped.ani } : undefined;
  const search = useInboundSearch();
  const searchPage = useInboundPageFetcher();
  const validateZip = useValidateZipCode();
  const stack = useModalsStack(['over-limit', 'zip-not-serviced', 'add-call']);

  const [tab, setTab] = useState<SearchTab>(recalled?.tab ?? (popped ? 'advanced' : 'address'));
  const [addressText, setAddressText] = useState(recalled?.addressText ?? '');
  const [chosenAddress, setChosenAddress] = useState<AddressSuggestion | null>(recalled?.chosenAddress ?? null);
  /** The search shown: its criteria (for its other pages), its first answer, and a number per search. */
  const [shown, setShown] = useState<{ id: number; criteria: InboundCriteria; answer: InboundSearchResponse } | null>(
    recalled?.shown ?? null,
  );
  const [pageSize, setPageSize] = useState<number>(recalled?.pageSize ?? PAGE_SIZES[0] ?? 25);
  const [pageFailure, setPageFailure] = useState<PageFailure | null>(null);
  const [overLimitTotal, setOverLimitTotal] = useState(0);
  const [prefill, setPrefill] = useState<AddCallPrefill>(EMPTY_PREFILL);
  const [showFilters, setShowFilters] = useState(recalled?.showFilters ?? false);
  const [searchPanelOpen, setSearchPanelOpen] = useState(recalled?.searchPanelOpen ?? true);
  /** The advanced criteria last searched, remembered with the search. */
  const [advanced, setAdvanced] = useState<AdvancedCriteria | undefined>(recalled?.advanced ?? poppedAdvanced);
  const addressRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);

  // Focus lands where a CSR types first: the address, or the last name on the Advanced tab.
  const focusSearch = useCallback(() => (tab === 'address' ? addressRef : lastNameRef).current?.focus(), [tab]);
  useEffect(focusSearch, [focusSearch]);
  /** After a dialog has gone (and no other is still up), back to the search to try again. */
  const afterDialog = () => {
    if (!Object.values(stack.state).some(Boolean)) focusSearch();
  };

  const scope = current
    ? scopeOf({
        companyId: current.user.CompanyId,
        permissions: current.user.permissions,
        branches: current.user.Branches.map((b) => b.branchno),
      })
    : null;

  // What openCall remembers: the search as it is when the CSR opens a row.
  const searchNow = {
    tab,
    addressText,
    chosenAddress,
    advanced,
    shown,
    pageSize,
    showFilters,
    searchPanelOpen,
  };
  const searchRef = useLatest(searchNow);
  const sessionEnd = current?.expiresAt;

  // The phone system's id of a popped call goes with it to the call screen, which keeps it on the call's history.
  const phoneCallId = popped?.callId || undefined;
  const openCall = useCallback(
    (theCall: InboundRow, options: { replace?: boolean } = {}) => {
      rememberSearch(sessionEnd, searchRef.current);
      const path = generatePath(CURRENT_CALL, {
        sqldbid: String(theCall.SQLDBID),
        customerNo: String(theCall.AccountNo),
        callType: 'Inbound',
      });
      void navigate(path, { state: { theCall, ...(phoneCallId ? { phoneCallId } : {}) }, replace: options.replace });
    },
    [navigate, sessionEnd, searchRef, phoneCallId],
  );

  const runSearch = async (
    criteria: InboundCriteria,
    extra: { zip: string; phone: string; franchise?: AddCallPrefill['franchise'] },
  ): Promise<InboundSearchResponse | undefined> => {
    validateZip.reset();
    setPageFailure(null);
    let answer: InboundSearchResponse;
    try {
      // The first page as the grid first shows it: by branch, then customer number, no filters.
      answer = await search.mutateAsync({ ...criteria, ...INBOUND_FIRST_VIEW, pageSize });
    } catch {
      return undefined; // shown above the results
    }
    setShown((last) => ({ id: (last?.id ?? 0) + 1, criteria, answer }));
    if (answer.overLimit) {
      setOverLimitTotal(answer.total);
      stack.open('over-limit');
      return answer;
    }
    if (answer.total > 0) return answer;

    // No hits: a zip that no branch in scope serves ends here; otherwise offer to add a call.
    let franchise: AddCallPrefill['franchise'] = extra.franchise ?? null;
    if (ZIP.test(extra.zip)) {
      const check = await validateZip.mutateAsync({ zip: extra.zip }).catch(() => null);
      if (!check) return answer;
      if (!check.isValid) {
        stack.open('zip-not-serviced');
        return answer;
      }
      if (check.servicedBy.length === 1) franchise ??= check.servicedBy[0] ?? null;
    }
    setPrefill({
      firstname: criteria.firstname ?? '',
      lastname: criteria.lastname ?? '',
      phone: extra.phone,
      zip: extra.zip,
      franchise,
    });
    stack.open('add-call');
    return answer;
  };

  // A screen pop: one customer opens the call on it (the call screen's guards apply: lock, do-not-call, calling
  // hours), several are listed, none offers Add Call with the number (decision 075), on the franchise of the number
  // dialled when a phone line names it (decision 081; a failed look-up leaves the choice to the CSR). Once, when the
  // page opens.
  const popHandled = useRef(false);
  useEffect(() => {
    if (!popped || popHandled.current) return;
    popHandled.current = true;
    const line = popped.dnis.length >= 3 ? dnisBranch(popped.dnis).catch(() => null) : Promise.resolve(null);
    void line.then(async (found) => {
      const franchise = found?.franchise ?? null;
      const answer = await runSearch({ phone: popped.ani }, { zip: '', phone: popped.ani, franchise });
      const only = answer?.total === 1 ? answer.rows[0] : undefined;
      if (only) openCall(only, { replace: true });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the pop the page was opened with
  }, []);

  const onAdvancedSearch = (criteria: AdvancedCriteria) => {
    setAdvanced(criteria);
    void runSearch({ ...criteria, fulladdress: '' }, { zip: criteria.zip, phone: criteria.phone });
  };
  const onAddressSearch = (suggestion: AddressSuggestion) => {
    void runSearch({ fulladdress: suggestion.fulladdress }, { zip: suggestion.zip, phone: '' });
  };

  const onTabChange = (next: SearchTab) => {
    // The Advanced tab clears the full address.
    if (next === 'advanced') {
      setAddressText('');
      setChosenAddress(null);
    }
    setTab(next);
  };

  const cancelAddCall = () => {
    stack.close('add-call');
    toast.info('Search Again...');
  };

  const fetchPage = useCallback((view: SearchView) => searchPage({ ...shown?.criteria, ...view }), [searchPage, shown]);

  const error = search.error ?? validateZip.error ?? pageFailure?.error ?? null;
  const retry = !search.error && !validateZip.error ? pageFailure?.retry : undefined;
  const searching = search.isPending || validateZip.isPending;

  return (
    <Stack
      gap="sm"
      maw={1600}
      mx="auto"
      style={{ height: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))' }}
      mih={560}
    >
      <Group justify="space-between" align="flex-end" gap="xs" style={{ flexShrink: 0 }}>
        <div>
          <Title order={1} size="h3">
            Inbound Calls
          </Title>
          <Text size="sm" c="gray.7">
            {scope ? scopeText(scope) : null}
          </Text>
        </div>
      </Group>

      <Collapse expanded={searchPanelOpen} keepMounted keepMountedMode="display-none" style={{ flexShrink: 0 }}>
        <SearchPanel
          tab={tab}
          onTabChange={onTabChange}
          addressText={addressText}
          onAddressTextChange={setAddressText}
          chosenAddress={chosenAddress}
          onChooseAddress={setChosenAddress}
          onAddressSearch={onAddressSearch}
          onAdvancedSearch={onAdvancedSearch}
          searching={searching}
          addressRef={addressRef}
          lastNameRef={lastNameRef}
          initialAdvanced={recalled?.advanced ?? poppedAdvanced}
        />
      </Collapse>

      {error ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="Search failed"
          role="alert"
          style={{ flexShrink: 0 }}
        >
          <Group justify="space-between" gap="sm">
            <span>{error.message}</span>
            {retry ? (
              <Button size="xs" variant="white" color="red" onClick={retry}>
                Try again
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}

      <ResultsPanel
        result={shown?.answer ?? null}
        searchId={shown?.id ?? 0}
        fetchPage={fetchPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        onPageError={setPageFailure}
        searching={search.isPending}
        showFilters={showFilters}
        onShowFiltersChange={setShowFilters}
        searchPanelOpen={searchPanelOpen}
        onSearchPanelToggle={() => setSearchPanelOpen((open) => !open)}
        onOpen={openCall}
      />

      <Modal.Stack>
        <AlertDialog
          {...stack.register('over-limit')}
          title="Too Many Records"
          message={overLimitMessage(overLimitTotal)}
          onExitTransitionEnd={afterDialog}
          data-testid="over-limit-dialog"
        />
        <AddCallDialog
          {...stack.register('add-call')}
          onClose={cancelAddCall}
          prefill={prefill}
          onCancel={cancelAddCall}
          onZipNotServiced={() => stack.open('zip-not-serviced')}
          onExitTransitionEnd={afterDialog}
          onAdd={(theCall) => {
            stack.closeAll();
            openCall(theCall);
          }}
        />
        <AlertDialog
          {...stack.register('zip-not-serviced')}
          title="Zip Code Not Serviced"
          message={ZIP_NOT_SERVICED}
          onExitTransitionEnd={afterDialog}
          data-testid="zip-not-serviced-dialog"
        />
      </Modal.Stack>
    </Stack>
  );
}
