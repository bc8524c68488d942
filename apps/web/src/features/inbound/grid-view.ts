/**
 * The result grid's page, order and filters as the search call takes them (decision 015): AG Grid's infinite row
 * model asks for blocks of rows with its sort and filter models; the server answers one page per block.
 */
import type { IGetRowsParams } from 'ag-grid-community';
import {
  INBOUND_FIRST_VIEW,
  INBOUND_GRID_COLUMNS,
  type InboundFilters,
  type InboundGridColumn,
  type InboundSearchResponse,
  type InboundSearchView,
} from '@cc/contract';

/** The columns the server sorts and filters by, to read the grid's models. */
const GRID_COLUMNS: ReadonlySet<string> = new Set(INBOUND_GRID_COLUMNS);
const isGridColumn = (colId: string): colId is InboundGridColumn => GRID_COLUMNS.has(colId);

/** The page, order and filters the grid asks for, as the search call takes them. */
export function viewOf(params: Pick<IGetRowsParams, 'startRow' | 'endRow' | 'sortModel' | 'filterModel'>): SearchView {
  const pageSize = Math.max(1, params.endRow - params.startRow);
  const sorted = params.sortModel.find((s) => isGridColumn(s.colId));
  const filters: InboundFilters = {};
  const model = (params.filterModel ?? {}) as Record<string, { filter?: unknown } | undefined>;
  for (const [colId, entry] of Object.entries(model)) {
    if (isGridColumn(colId) && typeof entry?.filter === 'string' && entry.filter.trim()) filters[colId] = entry.filter;
  }
  return {
    page: Math.floor(params.startRow / pageSize) + 1,
    pageSize,
    sort: sorted && isGridColumn(sorted.colId) ? sorted.colId : INBOUND_FIRST_VIEW.sort,
    dir: sorted ? (sorted.sort === 'desc' ? 'desc' : 'asc') : INBOUND_FIRST_VIEW.dir,
    filters,
  };
}

/** A page of a search: the part of the search body that is not the criteria. */
export type SearchView = InboundSearchView;

/** The first answer serves the grid's first block when the grid asks for exactly that (no second call). */
export const isFirstView = (view: SearchView, first: InboundSearchResponse) =>
  view.page === INBOUND_FIRST_VIEW.page &&
  view.pageSize === first.pageSize &&
  view.sort === INBOUND_FIRST_VIEW.sort &&
  view.dir === INBOUND_FIRST_VIEW.dir &&
  Object.keys(view.filters).length === 0;
