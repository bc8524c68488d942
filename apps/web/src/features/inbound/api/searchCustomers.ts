import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { InboundSearchRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/InboundCall/SearchCustomers (general scope: corporate administrators and external companies). */
export const searchCustomers = (request: InboundSearchRequest) => api('searchCustomers', { body: request });

export const searchCustomersMutation = mutationOptions({
  mutationKey: ['inbound', 'searchCustomers'],
  mutationFn: searchCustomers,
});

export const useSearchCustomers = () => useMutation(searchCustomersMutation);
