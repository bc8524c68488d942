import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countsKey } from './keys';

/** GET /api/OutboundCall/GetOutboundcofCallCounts (company-owned branches): the number of listed calls per outbound call type. */
export const outboundCofCounts = (branches: string | undefined, signal?: AbortSignal) =>
  api('outboundCofCounts', { query: { branches }, signal });

export const outboundCofCountsQuery = (branches: string | undefined) =>
  queryOptions({
    queryKey: [...countsKey('cof'), branches ?? ''] as const,
    queryFn: ({ signal }) => outboundCofCounts(branches, signal),
  });

export const useOutboundCofCounts = (branches: string | undefined) => useQuery(outboundCofCountsQuery(branches));
