import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { InboundCriteria } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/InboundCall/SearchcofCustomers (company-owned scope). */
export const searchCofCustomers = (criteria: InboundCriteria) => api('searchCofCustomers', { body: criteria });

export const searchCofCustomersMutation = mutationOptions({
  mutationKey: ['inbound', 'searchCofCustomers'],
  mutationFn: searchCofCustomers,
});

export const useSearchCofCustomers = () => useMutation(searchCofCustomersMutation);
