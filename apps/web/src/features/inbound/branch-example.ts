/**
 * The example in the Add Call franchise box: the start of a branch the user reaches (the first three characters, as
 * much as a search by prefix needs), so a company-owned user reads 'SLI' and an independent franchise its own, never
 * another company's branch. None while the branches are unknown.
 */
export function branchExample(branchNos: readonly string[]): string | null {
  const first = [...branchNos].sort()[0];
  return first ? first.slice(0, 3) : null;
}

export const franchisePlaceholder = (example: string | null) =>
  example ? `Type a branch number, e.g. ${example}` : 'Type a branch number';
