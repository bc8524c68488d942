import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { InboundCriteria } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/InboundCall/SearchindCustomers (independent-franchise scope: corporate non-admins and franchise users). */
export const searchIndCustomers = (criteria: InboundCriteria) => api('searchIndCustomers', { body: criteria });

export const searchIndCustomersMutation = mutationOptions({
  mutationKey: ['inbound', 'searchIndCustomers'],
  mutationFn: searchIndCustomers,
});

export const useSearchIndCustomers = () => useMutation(searchIndCustomersMutation);
