/**
 * AG Grid itself behind the app's grid (DataGrid.tsx, which loads this module when a grid is first shown): registers
 * the Community modules once, themes the grid with AG Grid's theming API (Quartz, tuned to the Mantine theme through
 * its CSS variables, so it follows the brand colour), and labels the grid region for assistive technology. A screen
 * paints before AG Grid has arrived, so no screen waits for the grid's download before its first paint
 * (docs/decisions/095-initial-javascript-per-route.md).
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { Text } from '@mantine/core';
import { AgGridReact } from 'ag-grid-react';
import type { DataGridProps } from '../DataGrid';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  DateFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
  themeQuartz,
  type FocusGridInnerElementParams,
  type GridApi,
  type IDatasource,
} from 'ag-grid-community';

/**
 * The modules the app's grids use, not AG Grid's all-in-one module, which carries editors, exports, row dragging and
 * the rest no grid here has: a third of the grid's download. A grid that reaches for a feature left out says so in
 * the console, which fails the journey that shows it (e2e/tests/fixtures.ts); in development the ValidationModule
 * names the module.
 */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  InfiniteRowModelModule,
  PaginationModule,
  RowSelectionModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CellStyleModule,
  RowStyleModule,
  TooltipModule,
  LocaleModule,
  ColumnApiModule,
  RowApiModule,
  ScrollApiModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

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

/**
 * Names for the selection checkboxes that say what they do: AG Grid's own read 'Column with Header Selection' and
 * 'Press Space to toggle row selection' to a screen reader.
 */
export const SELECTION_TEXTS = {
  ariaHeaderSelection: 'Select every row',
  ariaRowSelectAll: 'Press Space to select or clear every row',
  ariaRowToggleSelection: 'Select this row',
  ariaRowSelectionDisabled: 'This row cannot be selected',
  ariaRowSelect: 'Press Space to select this row',
  ariaRowDeselect: 'Press Space to clear this row',
};

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
 * The grid holds no row at all, known for sure: not while the first rows of a server-side (infinite) grid are still on
 * their way, when the row count is a guess.
 */
export function isEmptyGrid(api: Pick<GridApi, 'getDisplayedRowCount' | 'paginationIsLastPageFound'>): boolean {
  return api.getDisplayedRowCount() === 0 && api.paginationIsLastPageFound();
}

/** Where the pager was, at its height, for an empty grid. */
const EMPTY_PAGER: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  minHeight: 48,
  padding: '0 16px',
};

/**
 * The keyboard model of every grid (AG Grid's own navigation, configured): one tab stop, arrows inside. A button in
 * a cell takes tabIndex -1 (see openCallColumn) and the grid's onCellKeyDown answers Enter on its row.
 *
 * An empty grid that pages says `noRowsText` where its pager was, in words, as an empty search does: AG Grid's pager
 * of no rows ('0 to 0 of 0', 'Page 0 of 0') says nothing useful, and its buttons and page box lead nowhere.
 */
export default function AgGrid<TData>({
  label,
  height = 400,
  noRowsText,
  'data-testid': testId,
  ...gridProps
}: DataGridProps<TData>) {
  const [empty, setEmpty] = useState(false);
  const pagesEmpty = gridProps.pagination === true && noRowsText !== undefined;
  const emptyPager = empty && pagesEmpty;
  const datasource = useMemo(
    () =>
      pagesEmpty && gridProps.datasource
        ? hidePagerOfNoRows(gridProps.datasource, gridProps.suppressPaginationPanel === true)
        : gridProps.datasource,
    [pagesEmpty, gridProps.datasource, gridProps.suppressPaginationPanel],
  );
  const track = (api: GridApi<TData>) => {
    if (noRowsText === undefined) return;
    const now = isEmptyGrid(api);
    setEmpty(now);
    // The infinite row model shows no overlay of its own for an empty answer.
    if (gridProps.rowModelType === 'infinite') {
      if (now) api.showNoRowsOverlay();
      else if (api.isLastRowIndexKnown()) api.hideOverlay();
    }
  };
  return (
    <div
      role="region"
      aria-label={label}
      style={{ height, width: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={testId}
    >
      <div style={{ flex: 1, minHeight: 0 }}>
        <AgGridReact<TData>
          theme={gridTheme}
          loadThemeGoogleFonts={false}
          tabToNextCell={leaveOnTab}
          tabToNextHeader={leaveOnTab}
          focusGridInnerElement={focusRow}
          overlayNoRowsTemplate={noRowsText === undefined ? undefined : `<span>${escapeHtml(noRowsText)}</span>`}
          {...gridProps}
          localeText={{ ...SELECTION_TEXTS, ...gridProps.localeText }}
          datasource={datasource}
          suppressPaginationPanel={emptyPager || gridProps.suppressPaginationPanel}
          onModelUpdated={(event) => {
            track(event.api);
            gridProps.onModelUpdated?.(event);
          }}
          onPaginationChanged={(event) => {
            track(event.api);
            gridProps.onPaginationChanged?.(event);
          }}
        />
      </div>
      {emptyPager ? (
        <div style={EMPTY_PAGER} data-testid="grid-empty-pager">
          <Text size="sm" role="status">
            {noRowsText}
          </Text>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The server's answer of no rows hides AG Grid's pager before the grid takes it in: the pager announces its summary
 * ('0 to 0 of 0') to screen readers in the same event that brings the rows, before React's next render could hide it.
 */
function hidePagerOfNoRows(source: IDatasource, suppressed: boolean): IDatasource {
  return {
    rowCount: source.rowCount,
    destroy: source.destroy?.bind(source),
    getRows: (params) =>
      source.getRows({
        ...params,
        successCallback: (rows, lastRow) => {
          params.api.setGridOption('suppressPaginationPanel', suppressed || lastRow === 0);
          params.successCallback(rows, lastRow);
        },
      }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
