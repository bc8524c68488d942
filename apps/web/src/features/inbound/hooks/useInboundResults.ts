import { useCallback, useState } from 'react';
import type { InboundCriteria, InboundSearchRequest, InboundSearchResponse } from '@cc/contract';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import type { inboundPageQuery } from '../api/inboundSearch';
import { PAGE_SIZES } from '../components/ResultsGrid';
import { firstView, requestOf, type InboundView } from '../grid-view';
import type { InboundSearchMemory, ShownSearch } from '../search-memory';

const NO_CRITERIA: InboundCriteria = {};

/**
 * The results of the search shown and its grid's view (page, size, order, column filters), kept by the screen and
 * paged through the one paging hook (docs/decisions/090-one-paging-hook-and-grid.md). A search shows its first view
 * at the size chosen last; its first answer is its first page, already in the query cache.
 */
export function useInboundResults(
  recalled: InboundSearchMemory | null,
  pageQuery: ReturnType<typeof inboundPageQuery>,
) {
  const [shown, setShown] = useState<ShownSearch | null>(recalled?.shown ?? null);
  const [view, setView] = useState<InboundView>(recalled?.view ?? firstView(PAGE_SIZES[0] ?? 25));
  const [showFilters, setShowFilters] = useState(recalled?.showFilters ?? false);
  const change = useCallback((next: Partial<InboundView>) => setView((last) => ({ ...last, ...next })), []);
  const hasGrid = shown !== null && !shown.answer.overLimit && shown.answer.total > 0;
  const grid = useServerGrid({
    view,
    change,
    queryOf: (v: InboundView) => requestOf(shown?.criteria ?? NO_CRITERIA, v),
    options: pageQuery,
    pageOf: (answer: InboundSearchResponse) => ({ rows: answer.rows, total: answer.rowCount }),
    enabled: hasGrid,
  });

  /** The first view of a new search, at the size the grid has now: what the search asks for. */
  const firstRequest = (criteria: InboundCriteria): InboundSearchRequest => requestOf(criteria, firstView(view.size));
  const show = (criteria: InboundCriteria, answer: InboundSearchResponse) => {
    setShown((last) => ({ id: (last?.id ?? 0) + 1, criteria, answer }));
    setView(firstView(view.size));
  };
  /** The filter boxes on or off; off, no column is filtered. */
  const toggleFilters = (on: boolean) => {
    setShowFilters(on);
    if (!on && Object.keys(view.filters).length > 0) grid.refine({ filters: {} });
  };

  return { shown, view, grid, showFilters, toggleFilters, firstRequest, show };
}
