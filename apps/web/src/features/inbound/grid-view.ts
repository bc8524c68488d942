/**
 * The result grid's view: its page, size, order and column filters, kept by the screen (and remembered with the
 * search), and the search call's body for it (decision 015): the criteria of the search and the view.
 */
import {
  INBOUND_FIRST_VIEW,
  INBOUND_GRID_COLUMNS,
  type InboundCriteria,
  type InboundFilters,
  type InboundGridColumn,
  type InboundSearchRequest,
} from '@cc/contract';

/** What the grid shows of a search's matches. */
export interface InboundView {
  page: number;
  size: number;
  sort: InboundGridColumn;
  dir: 'asc' | 'desc';
  filters: InboundFilters;
}

/** The columns the server sorts and filters by. */
export const GRID_COLUMNS: readonly InboundGridColumn[] = INBOUND_GRID_COLUMNS;

/** A search's first view at a page size: its first page by branch then customer number, unfiltered. */
export const firstView = (size: number): InboundView => ({
  page: INBOUND_FIRST_VIEW.page,
  size,
  sort: INBOUND_FIRST_VIEW.sort,
  dir: INBOUND_FIRST_VIEW.dir,
  filters: {},
});

/** The search call's body for a view of a search: the first view's is the search's own first call. */
export const requestOf = (criteria: InboundCriteria, view: InboundView): InboundSearchRequest => ({
  ...criteria,
  page: view.page,
  pageSize: view.size,
  sort: view.sort,
  dir: view.dir,
  filters: view.filters,
});
