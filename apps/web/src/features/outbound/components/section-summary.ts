/** The line under a section's grid: which calls of how many are shown, and how many are selected. */
export function sectionSummary(list: {
  total: number;
  first: number;
  last: number;
  /** A day filter is set. */
  filtered: boolean;
  selected: number;
}): string {
  const { total, first, last, filtered, selected } = list;
  const shown =
    total === 0
      ? filtered
        ? 'No calls match the dates'
        : 'No calls'
      : `${first}–${last} of ${total.toLocaleString()} ${filtered ? 'matching ' : ''}calls`;
  return shown + (selected > 0 ? ` · ${selected} selected` : '');
}

/**
 * Next Call's call: the first selected row in the grid's order, otherwise the first row of the page; none when the page
 * is empty.
 */
export function nextCallRow<Row>(rows: readonly Row[], selected: readonly Row[]): Row | undefined {
  const chosen = new Set(selected);
  return rows.find((r) => chosen.has(r)) ?? rows[0];
}
