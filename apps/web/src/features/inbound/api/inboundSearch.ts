import { useMutation } from '@tanstack/react-query';
import { scopeOf, variantOf, type ScopeVariant } from '@cc/domain';
import type { InboundCriteria, InboundSearchResponse, SessionUser } from '@cc/contract';
import { useSession } from '../../../lib/session';
import { searchCustomersMutation } from './searchCustomers';
import { searchCofCustomersMutation } from './searchCofCustomers';
import { searchIndCustomersMutation } from './searchIndCustomers';

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

const MUTATIONS = {
  general: searchCustomersMutation,
  cof: searchCofCustomersMutation,
  ind: searchIndCustomersMutation,
};

/** The inbound customer search through the endpoint of the user's scope. */
export function useInboundSearch() {
  const current = useSession();
  const variant = current ? searchVariantOf(current.user) : 'ind';
  return useMutation<InboundSearchResponse, Error, InboundCriteria>(MUTATIONS[variant]);
}
