import { Suspense, lazy, useRef, useState } from 'react';
import { Loader } from '@mantine/core';
import type { GridApi } from 'ag-grid-community';
import { MEASUREIT_GRID_SIZES, type MeasureItODataResponse, type MeasureItPropertyRow } from '@cc/contract';
import type { ServerGrid } from '../../../components/grid/useServerGrid';
import { showsImages, type SearchView } from '../model';
import { PropertyGrid } from './PropertyGrid';
import { ReasonToolbar } from './ReasonToolbar';

const ResultsMap = lazy(() => import('./ResultsMap'));

const GRID_HEIGHT = 520;

export interface SearchResultsProps {
  grid: ServerGrid<SearchView, MeasureItODataResponse, MeasureItPropertyRow>;
  view: SearchView;
  summary: string;
  /** Opens a row in MeasureIt; without it (a user who may not measure) there is no Select column. */
  onOpen: ((row: MeasureItPropertyRow) => void) | undefined;
  /** Without MeasureIt.ApplyReason there is no bar to apply a reason. */
  mayApplyReason: boolean;
  /** After a reason was applied: the grid and the statistics read again. */
  refresh: () => void;
}

/**
 * The properties found: the bar that applies a reason to the selected rows directly above the grid, the grid, and
 * beside it the map of the page, whose marker's click selects its row.
 */
export function SearchResults({ grid, view, summary, onOpen, mayApplyReason, refresh }: SearchResultsProps) {
  const [selected, setSelected] = useState<MeasureItPropertyRow[]>([]);
  const gridApi = useRef<GridApi<MeasureItPropertyRow> | null>(null);

  const selectOnGrid = (propertyId: number) => {
    const node = gridApi.current?.getRowNode(String(propertyId));
    if (!node) return;
    node.setSelected(true);
    gridApi.current?.ensureNodeVisible(node, 'middle');
  };

  return (
    <PropertyGrid
      grid={grid}
      height={GRID_HEIGHT}
      sort={view.sort ? { sort: view.sort, dir: view.dir } : { sort: 'default', dir: 'asc' }}
      onSortChange={(sort) => grid.refine({ sort: sort?.sort ?? null, dir: sort?.dir ?? 'asc' })}
      onSelect={onOpen}
      withImages={showsImages(view.mode)}
      onSelectionChange={setSelected}
      onApi={(api) => {
        gridApi.current = api;
      }}
      sizes={MEASUREIT_GRID_SIZES}
      summary={summary}
      toolbar={
        mayApplyReason ? (
          <ReasonToolbar
            selected={selected}
            onApplied={() => {
              gridApi.current?.deselectAll();
              refresh();
            }}
            onClear={() => gridApi.current?.deselectAll()}
          />
        ) : undefined
      }
      beside={
        <Suspense fallback={<Loader size="sm" />}>
          <ResultsMap rows={grid.rows} selected={selected} onMarkerClick={selectOnGrid} />
        </Suspense>
      }
    />
  );
}
