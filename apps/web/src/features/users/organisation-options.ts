/**
 * What the user form's organisation section offers, apart from the form: the franchises and branches a user
 * administrator may put a user in, and which franchises a company's users belong to.
 */
import { CompanyType, type UserAdminReach } from '@cc/domain';
import type { UserFranchise } from '@cc/contract';

/** Which franchises a company's users belong to: company-owned ones, independent ones, or none. */
const DESIGNATION: Partial<Record<number, 'COF' | 'IND'>> = {
  [CompanyType.CompanyOwned]: 'COF',
  [CompanyType.IndependentFranchise]: 'IND',
};

export const designationOf = (companyId: number): 'COF' | 'IND' | undefined => DESIGNATION[companyId];

/** The franchises of the company's kind, once each, that the administrator reaches; none for other companies. */
export function franchiseOptions(
  franchises: readonly UserFranchise[],
  companyId: number,
  reach: UserAdminReach,
): { value: string; label: string }[] {
  const designation = designationOf(companyId);
  if (!designation) return [];
  return [...new Map(franchises.filter((f) => f.designation === designation).map((f) => [f.sqldbid, f])).values()]
    .filter((f) => reach.kind === 'all' || reach.sqldbid === null || f.sqldbid === reach.sqldbid)
    .map((f) => ({ value: String(f.sqldbid), label: `${f.compname} (${f.sqldbid})` }));
}

/**
 * The independent branches to choose from: of the chosen franchise (all of them when none is chosen), those the
 * administrator reaches, and the user's own branches always, sorted and once each.
 */
export function branchOptions(
  franchises: readonly UserFranchise[],
  sqldbid: number | null,
  reach: UserAdminReach,
  chosen: readonly string[],
): string[] {
  return [
    ...new Set(
      franchises
        .filter((f) => f.designation === 'IND' && (sqldbid === null || f.sqldbid === sqldbid))
        .map((f) => f.branchno)
        .filter((b) => reach.kind === 'all' || reach.branches === null || reach.branches.includes(b))
        .concat(chosen),
    ),
  ].sort();
}
