/**
 * The app's one grid: AG Grid, themed and labelled (grid/AgGrid.tsx). AG Grid is most of a grid screen's download, so
 * it comes in a chunk of its own, loaded when a grid is first shown: the screen around it paints at once, the grid's
 * region holds its place at its height until the grid arrives, and a screen whose grids sit behind a tab (the call
 * screen) does not wait for them (docs/decisions/095-initial-javascript-per-route.md).
 */
import { lazy, Suspense, type ComponentType, type CSSProperties, type ReactElement } from 'react';
import type { AgGridReactProps, CustomCellRendererProps } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import { loadGrid } from './grid/load';

export interface DataGridProps<TData> extends AgGridReactProps<TData> {
  /** Accessible name of the grid region, e.g. 'Search results'. */
  label: string;
  /** Height of the grid; fill a sized parent with '100%'. */
  height?: CSSProperties['height'];
  /** What the grid says in its body when it has no rows, e.g. 'No customers found'. */
  noRowsText?: string;
  'data-testid'?: string;
}

// lazy() keeps a component's props but not its type parameter: the grid is generic in its rows.
const AgGrid = lazy(loadGrid) as unknown as <TData>(props: DataGridProps<TData>) => ReactElement;

export function DataGrid<TData>(props: DataGridProps<TData>) {
  return (
    <Suspense
      fallback={
        <div
          role="region"
          aria-label={props.label}
          aria-busy="true"
          style={{ height: props.height ?? 400, width: '100%' }}
        />
      }
    >
      <AgGrid<TData> {...props} />
    </Suspense>
  );
}

/** The 61-px 'Open' button column pinned first, as the call lists show it; the cell renders the button. */
export function openCallColumn<TData>(cellRenderer: ComponentType<CustomCellRendererProps<TData>>): ColDef<TData> {
  return {
    colId: 'open',
    headerName: '',
    headerTooltip: 'Open the call',
    width: 61,
    minWidth: 61,
    maxWidth: 61,
    pinned: 'left',
    lockPosition: 'left',
    sortable: false,
    resizable: false,
    suppressMovable: true,
    cellRenderer,
    cellStyle: { paddingLeft: 4, paddingRight: 4, display: 'flex', alignItems: 'center' },
  };
}
