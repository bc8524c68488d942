/**
 * Column filters that the server applies (docs/decisions/090-one-paging-hook-and-grid.md): AG Grid's 'contains' text
 * filter, shown as a box under a column's header, is only the way the user types the text. The screen keeps the texts
 * in its view and sends them with the page's query; the browser's row model lets every row of the answered page
 * through, since the server matched them already, and by rules the cell's text cannot repeat (a phone's digits).
 */
import type { ColDef, FilterModel } from 'ag-grid-community';

/** The texts of the filtered columns, by column id; a column without text is not filtered. */
export type TextFilters = Partial<Record<string, string>>;

/**
 * The filter of a column the server filters: AG Grid's text box, whose one option, 'contains', lets every row of the
 * page through in the browser (a custom option's predicate, the grid's documented way to define what an option
 * matches).
 */
export const SERVER_TEXT_FILTER: Pick<ColDef, 'filter' | 'filterParams'> = {
  filter: 'agTextColumnFilter',
  filterParams: {
    filterOptions: [{ displayKey: 'contains', displayName: 'Contains', predicate: () => true }],
    maxNumConditions: 1,
  },
};

/** The texts of a grid's filter model, of the columns the server filters; blank texts are no filter. */
export function textFiltersOf(model: FilterModel, columns: readonly string[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const colId of columns) {
    const text: unknown = (model[colId] as { filter?: unknown } | undefined)?.filter;
    if (typeof text === 'string' && text.trim()) texts[colId] = text;
  }
  return texts;
}

/** The grid's filter model of the screen's texts. */
export function filterModelOf(texts: TextFilters): FilterModel {
  const model: FilterModel = {};
  for (const [colId, text] of Object.entries(texts)) {
    if (text) model[colId] = { filterType: 'text', type: 'contains', filter: text };
  }
  return model;
}

/** Whether two sets of texts filter alike, whatever the order of their columns. */
export function sameFilters(a: TextFilters, b: TextFilters): boolean {
  const set = (texts: TextFilters) => Object.entries(texts).filter(([, text]) => text);
  const left = set(a);
  return left.length === set(b).length && left.every(([colId, text]) => b[colId] === text);
}
