import { useQuery } from '@tanstack/react-query';
import { scopeOf, variantOf, type ScopeVariant } from '@cc/domain';
import type { OutboundCount, SessionUser } from '@cc/contract';
import { outboundListQuery } from './outboundList';
import { outboundCofListQuery } from './outboundCofList';
import { outboundIndListQuery } from './outboundIndList';
import { outboundCountsQuery } from './outboundCounts';
import { outboundCofCountsQuery } from './outboundCofCounts';
import { outboundIndCountsQuery } from './outboundIndCounts';
import type { OutboundListArgs } from './keys';

/**
 * Which of the three list and count endpoints the signed-in user's scope uses (call-handling.md §6):
 * corporate administrators and external companies the general ones, company-owned users the COF ones,
 * corporate non-admins and independent franchises the IND ones; independent franchises send their
 * branches comma-joined. The server enforces scope anyway.
 */
export interface OutboundScope {
  variant: ScopeVariant;
  branches: string | undefined;
}

export function outboundScopeOf(user: SessionUser): OutboundScope {
  const branches = user.Branches.map((b) => b.branchno);
  const variant = variantOf(scopeOf({ companyId: user.CompanyId, permissions: user.permissions, branches }));
  return { variant, branches: variant === 'ind' && branches.length > 0 ? branches.join(',') : undefined };
}

const LIST_QUERIES = { general: outboundListQuery, cof: outboundCofListQuery, ind: outboundIndListQuery };
const COUNT_QUERIES = { general: outboundCountsQuery, cof: outboundCofCountsQuery, ind: outboundIndCountsQuery };

/** The query of one page of a call type's list through the endpoint of the user's scope. */
export function sectionListQuery(scope: OutboundScope, args: OutboundListArgs) {
  const query = scope.branches ? { ...args.query, branches: scope.branches } : args.query;
  return LIST_QUERIES[scope.variant]({ ...args, query });
}

export function useSectionList(scope: OutboundScope, args: OutboundListArgs, enabled: boolean) {
  return useQuery({ ...sectionListQuery(scope, args), enabled });
}

export const countsQueryOf = (scope: OutboundScope) => COUNT_QUERIES[scope.variant](scope.branches);

/**
 * The counts per call type. `remembered` (the counts of the last visit) shows at once and counts as
 * stale, so the server's answer replaces it straight away.
 */
export function useOutboundCountsOf(scope: OutboundScope, remembered: OutboundCount[] | undefined) {
  return useQuery({
    ...countsQueryOf(scope),
    initialData: remembered,
    initialDataUpdatedAt: 0,
  });
}
