import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countsKey } from './keys';

/** GET /api/OutboundCall/GetOutboundCallCounts (general scope): the number of listed calls per outbound call type. */
export const outboundCounts = (branches: string | undefined, signal?: AbortSignal) =>
  api('outboundCounts', { query: { branches }, signal });

export const outboundCountsQuery = (branches: string | undefined) =>
  queryOptions({
    queryKey: [...countsKey('general'), branches ?? ''] as const,
    queryFn: ({ signal }) => outboundCounts(branches, signal),
  });

export const useOutboundCounts = (branches: string | undefined) => useQuery(outboundCountsQuery(branches));
