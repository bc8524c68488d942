/**
 * The app's one AG Grid wrapper: registers the Community modules once, themes the grid with AG Grid's
 * theming API (Quartz, tuned to the Mantine theme through its CSS variables, so it follows the brand
 * colour), and labels the grid region for assistive technology. Only pages that show a grid import it,
 * and pages are lazy-loaded, so the sign-in page never downloads AG Grid.
 */
import type { ComponentType, CSSProperties } from 'react';
import { AgGridReact, type AgGridReactProps, type CustomCellRendererProps } from 'ag-grid-react';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type FocusGridInnerElementParams,
} from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Quartz, dense, in Mantine's colours and font. Mantine's CSS variables keep it in step with the brand. */
export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--mantine-primary-color-filled)',
  foregroundColor: 'var(--mantine-color-text)',
  textColor: 'var(--mantine-color-text)',
  subtleTextColor: 'var(--mantine-color-gray-7)',
  backgroundColor: 'var(--mantine-color-body)',
  borderColor: 'var(--mantine-color-gray-3)',
  headerBackgroundColor: 'var(--mantine-color-gray-0)',
  headerTextColor: 'var(--mantine-color-gray-8)',
  headerFontWeight: 600,
  headerFontSize: 13,
  fontFamily: 'inherit',
  fontSize: 13,
  spacing: 6,
  rowHeight: 34,
  headerHeight: 36,
  borderRadius: 4,
  wrapperBorderRadius: 8,
  rowHoverColor: 'var(--mantine-primary-color-light)',
  selectedRowBackgroundColor: 'var(--mantine-primary-color-light)',
  oddRowBackgroundColor: 'var(--mantine-color-gray-0)',
});

export interface DataGridProps<TData> extends AgGridReactProps<TData> {
  /** Accessible name of the grid region, e.g. 'Search results'. */
  label: string;
  /** Height of the grid; fill a sized parent with '100%'. */
  height?: CSSProperties['height'];
  'data-testid'?: string;
}

/** Tab leaves the grid instead of walking its header and cells one by one: the grid is one tab stop. */
const leaveOnTab = () => false as const;

/**
 * Tabbing into the grid lands on a row (the one focused before, or the first in view), where the arrows move and
 * Enter opens; an empty grid takes focus on its header, as AG Grid does by default.
 */
export function focusRow({ api }: FocusGridInnerElementParams): boolean {
  const rows = api.getDisplayedRowCount();
  const first = api.getAllDisplayedColumns()[0];
  if (!first || rows === 0) return false;
  const before = api.getFocusedCell();
  const rowIndex =
    before && !before.rowPinned && before.rowIndex < rows ? before.rowIndex : api.getFirstDisplayedRowIndex();
  api.ensureIndexVisible(rowIndex);
  api.setFocusedCell(rowIndex, before?.column ?? first);
  return true;
}

/**
 * The keyboard model of every grid (AG Grid's own navigation, configured): one tab stop, arrows inside. A button in
 * a cell takes tabIndex -1 (see openCallColumn) and the grid's onCellKeyDown answers Enter on its row.
 */
export function DataGrid<TData>({ label, height = 400, 'data-testid': testId, ...gridProps }: DataGridProps<TData>) {
  return (
    <div role="region" aria-label={label} style={{ height, width: '100%' }} data-testid={testId}>
      <AgGridReact<TData>
        theme={gridTheme}
        loadThemeGoogleFonts={false}
        tabToNextCell={leaveOnTab}
        tabToNextHeader={leaveOnTab}
        focusGridInnerElement={focusRow}
        {...gridProps}
      />
    </div>
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
