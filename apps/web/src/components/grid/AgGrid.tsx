/**
 * AG Grid itself behind the app's grid (DataGrid.tsx, which loads this module when a grid is first shown): registers
 * the Community modules once, themes the grid with AG Grid's theming API (Quartz, tuned to the Mantine theme through
 * its CSS variables, so it follows the brand colour), and labels the grid region for assistive technology. A screen
 * paints before AG Grid has arrived, so no screen waits for the grid's download before its first paint
 * (docs/decisions/095-initial-javascript-per-route.md).
 */
import { AgGridReact } from 'ag-grid-react';
import type { DataGridProps } from '../DataGrid';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  DateFilterModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
  themeQuartz,
  type FocusGridInnerElementParams,
} from 'ag-grid-community';

/**
 * The modules the app's grids use, not AG Grid's all-in-one module, which carries editors, exports, row dragging and
 * the rest no grid here has: a third of the grid's download. A grid that reaches for a feature left out says so in
 * the console, which fails the journey that shows it (e2e/tests/fixtures.ts); in development the ValidationModule
 * names the module.
 */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
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
 * The keyboard model of every grid (AG Grid's own navigation, configured): one tab stop, arrows inside. A button in
 * a cell takes tabIndex -1 (see openCallColumn) and the grid's onCellKeyDown answers Enter on its row. A grid without
 * rows says `noRowsText` in its body.
 */
export default function AgGrid<TData>({
  label,
  height = 400,
  noRowsText,
  'data-testid': testId,
  ...gridProps
}: DataGridProps<TData>) {
  return (
    <div role="region" aria-label={label} style={{ height, width: '100%' }} data-testid={testId}>
      <div style={{ height: '100%' }}>
        <AgGridReact<TData>
          theme={gridTheme}
          loadThemeGoogleFonts={false}
          tabToNextCell={leaveOnTab}
          tabToNextHeader={leaveOnTab}
          focusGridInnerElement={focusRow}
          overlayNoRowsTemplate={noRowsText === undefined ? undefined : `<span>${escapeHtml(noRowsText)}</span>`}
          {...gridProps}
          localeText={{ ...SELECTION_TEXTS, ...gridProps.localeText }}
        />
      </div>
    </div>
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
