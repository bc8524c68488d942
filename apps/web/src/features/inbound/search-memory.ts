/**
 * The inbound search as the CSR left it to open a call, so that Cancel Call (a wrong row opened) or a call another
 * CSR holds returns to it rather than to an empty search (docs/decisions/067-leaving-a-call.md). In memory only, like
 * the query cache: a reload or another sign-in starts a new search.
 */
import type { AddressSuggestion, InboundCriteria, InboundSearchResponse } from '@cc/contract';
import type { AdvancedCriteria } from './components/AdvancedSearchForm';
import type { SearchTab } from './components/SearchPanel';
import type { InboundView } from './grid-view';

/** The search shown: its criteria (for its other pages), its first answer, and a number per search. */
export interface ShownSearch {
  id: number;
  criteria: InboundCriteria;
  answer: InboundSearchResponse;
}

export interface InboundSearchMemory {
  tab: SearchTab;
  addressText: string;
  chosenAddress: AddressSuggestion | null;
  /** The advanced criteria last searched. */
  advanced: AdvancedCriteria | undefined;
  shown: ShownSearch | null;
  /** The page, size, order and column filters of its grid. */
  view: InboundView;
  showFilters: boolean;
  searchPanelOpen: boolean;
}

/** The router state of a return to the search as it was (Cancel Call, 'Active Call Encountered'). */
export const RETURN_TO_SEARCH = { returnToSearch: true } as const;

export const returnsToSearch = (state: unknown): boolean =>
  (state as { returnToSearch?: unknown } | null)?.returnToSearch === true;

let memory: { sessionEnd: string; search: InboundSearchMemory } | null = null;

/** Remember the search of this sign-in (the session's end, fixed at sign-in). */
export function rememberSearch(sessionEnd: string | undefined, search: InboundSearchMemory): void {
  memory = sessionEnd ? { sessionEnd, search } : null;
}

/** The search remembered in this sign-in, if any. */
export function recallSearch(sessionEnd: string | undefined): InboundSearchMemory | null {
  return memory && sessionEnd !== undefined && memory.sessionEnd === sessionEnd ? memory.search : null;
}
