import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { InboundSearchRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/InboundCall/SearchindCustomers (independent-franchise scope: corporate non-admins and franchise users). */
export const searchIndCustomers = (request: InboundSearchRequest) => api('searchIndCustomers', { body: request });

export const searchIndCustomersMutation = mutationOptions({
  mutationKey: ['inbound', 'searchIndCustomers'],
  mutationFn: searchIndCustomers,
});

export const useSearchIndCustomers = () => useMutation(searchIndCustomersMutation);
