import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { InboundSearchRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/InboundCall/SearchcofCustomers (company-owned scope). */
export const searchCofCustomers = (request: InboundSearchRequest) => api('searchCofCustomers', { body: request });

export const searchCofCustomersMutation = mutationOptions({
  mutationKey: ['inbound', 'searchCofCustomers'],
  mutationFn: searchCofCustomers,
});

export const useSearchCofCustomers = () => useMutation(searchCofCustomersMutation);
