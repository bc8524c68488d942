/**
 * The Reassign Callbacks CSR filter's options (decision 065): the CSRs who hold the callbacks in scope and in the day
 * range, with how many, first — a franchise CSR or a CSR without the list flags included, so their callbacks can be
 * found and moved — then the other CSRs the spec's list filter keeps (allowCorporate or isAdmin).
 */
import { isAssignableCsr } from '@cc/domain';
import type { CallbackHolder, SccDbUser } from '@cc/contract';

export const ANY_CSR = '';

export interface FilterGroup {
  group: string;
  items: { value: string; label: string }[];
}

export const csrLabel = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName} (${u.username})`;

/**
 * The options, and how many callbacks each holder holds (shown beside its name in the list). `selected` stays offered
 * while it is chosen, even once it holds nothing in the range (its last callbacks moved): `known` gives its label then.
 */
export function csrFilterOptions(
  holders: readonly CallbackHolder[],
  csrs: readonly SccDbUser[],
  selected: string,
  known: ReadonlyMap<string, string>,
): { data: (FilterGroup | { value: string; label: string })[]; counts: Map<string, number> } {
  const counts = new Map(holders.map((h) => [String(h.userId), h.callbacks]));
  const holding = holders.map((h) => ({ value: String(h.userId), label: csrLabel(h) }));
  const taken = new Set(holding.map((o) => o.value));
  if (selected !== ANY_CSR && !taken.has(selected)) {
    const csr = csrs.find((u) => String(u.id) === selected);
    if (!csr || !isAssignableCsr(csr)) {
      holding.push({ value: selected, label: known.get(selected) ?? `CSR ${selected}` });
      counts.set(selected, 0);
      taken.add(selected);
    }
  }
  const others = csrs
    .filter((u) => isAssignableCsr(u) && !taken.has(String(u.id)))
    .map((u) => ({ value: String(u.id), label: csrLabel(u) }));
  const data = [
    { value: ANY_CSR, label: 'All CSRs' },
    ...(holding.length > 0 ? [{ group: 'Holding callbacks', items: holding }] : []),
    ...(others.length > 0 ? [{ group: 'Other CSRs', items: others }] : []),
  ];
  return { data, counts };
}
