import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pricingKey } from './keys';

/** GET /api/customer/currentserviceyear: the service year of today (America/Chicago). */
export const currentServiceYear = (signal?: AbortSignal) => api('currentServiceYear', { signal });

export const currentServiceYearQuery = queryOptions({
  queryKey: [...pricingKey, 'current-service-year'],
  queryFn: ({ signal }) => currentServiceYear(signal),
  staleTime: 60 * 60_000,
});

export const useCurrentServiceYear = () => useQuery(currentServiceYearQuery);
