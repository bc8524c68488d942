/**
 * Assign Service Reps' rules on what the dialog shows (administration.md §3, §9; decision 031): the lists under the
 * Source and Branch filters, and when the selected list may be given to the CSR chosen.
 */
import { CALL_SOURCES } from '@cc/domain';
import type { CsrAssignment } from '@cc/contract';

/** '** ALL **' (administration.md §9, call source 1): no source filter. */
export const ALL_SOURCES = CALL_SOURCES.find((s) => s.id === 1)?.name ?? '** ALL **';

/** The lists of the source chosen (all for '** ALL **') whose branch starts with what was typed, in any case. */
export function listsShown(rows: readonly CsrAssignment[], source: string, branch: string): CsrAssignment[] {
  const prefix = branch.trim().toUpperCase();
  return rows.filter((r) => (source === ALL_SOURCES || r.source === source) && r.branch.startsWith(prefix));
}

/** A list is given to a CSR chosen for it, not to the one it already has. */
export const canAssign = (selected: CsrAssignment | null, csr: string | null) =>
  selected !== null && csr !== null && csr !== '' && String(selected.userId) !== csr;

/** The selected list as the dialog names it. */
export const listLabel = (row: CsrAssignment | null) =>
  row ? `${row.branch} · ${row.type} · ${row.source}` : 'Select a list in the grid.';
