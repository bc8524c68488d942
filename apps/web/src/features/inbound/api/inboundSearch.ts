import { useMutation } from '@tanstack/react-query';
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

/** The inbound customer search through the endpoint of the user's scope. */
export function useInboundSearch() {
  const current = useSession();
  const variant = current ? searchVariantOf(current.user) : 'ind';
  return useMutation<InboundSearchResponse, Error, InboundSearchRequest>(MUTATIONS[variant]);
}

/** Another page of a search (the result grid's pages, sorting and filters), through the same endpoint. */
export function useInboundPageFetcher(): (request: InboundSearchRequest) => Promise<InboundSearchResponse> {
  const current = useSession();
  const variant = current ? searchVariantOf(current.user) : 'ind';
  return FETCHERS[variant];
}
