import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { scopeOf, variantOf, type ScopeVariant } from '@cc/domain';
import type { InboundSearchRequest, InboundSearchResponse, SessionUser } from '@cc/contract';
import { useSession } from '../../../lib/session';
import { searchCustomers, searchCustomersMutation } from './searchCustomers';
import { searchCofCustomers, searchCofCustomersMutation } from './searchCofCustomers';
import { searchIndCustomers, searchIndCustomersMutation } from './searchIndCustomers';

/**
 * Which of the three search endpoints the signed-in user's scope uses (call-handling.md §6): corporate
 * administrators and external companies the general search, company-owned users the COF search,
 * corporate non-admins and independent franchises the IND search. The server enforces scope anyway.
 */
export function searchVariantOf(user: SessionUser): ScopeVariant {
  return variantOf(
    scopeOf({
      companyId: user.CompanyId,
      permissions: user.permissions,
      branches: user.Branches.map((b) => b.branchno),
    }),
  );
}

const FETCHERS = { general: searchCustomers, cof: searchCofCustomers, ind: searchIndCustomers };
const MUTATIONS = {
  general: searchCustomersMutation,
  cof: searchCofCustomersMutation,
  ind: searchIndCustomersMutation,
};

/** A page of a search through the endpoint of a scope: the result grid's pages, orders and filters. */
export const inboundPageQuery = (variant: ScopeVariant) => (request: InboundSearchRequest) =>
  queryOptions({
    queryKey: ['inbound', 'search', variant, request] as const,
    queryFn: () => FETCHERS[variant](request),
    placeholderData: keepPreviousData,
  });

/**
 * The search through the endpoint of the user's scope, and its grid's pages: the search's answer is kept as the page
 * it answers, so the grid shows its first page without asking again.
 */
export function useInboundSearch() {
  const current = useSession();
  const variant = current ? searchVariantOf(current.user) : 'ind';
  const client = useQueryClient();
  const pageQuery = inboundPageQuery(variant);
  const search = useMutation<InboundSearchResponse, Error, InboundSearchRequest>({
    ...MUTATIONS[variant],
    onSuccess: (answer, request) => client.setQueryData(pageQuery(request).queryKey, answer),
  });
  return { search, pageQuery };
}
