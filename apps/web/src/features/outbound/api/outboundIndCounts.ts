import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countsKey } from './keys';

/** GET /api/OutboundCall/GetOutboundindCallCounts (independent-franchise branches; query branches): the number of listed calls per outbound call type. */
export const outboundIndCounts = (branches: string | undefined, signal?: AbortSignal) =>
  api('outboundIndCounts', { query: { branches }, signal });

export const outboundIndCountsQuery = (branches: string | undefined) =>
  queryOptions({
    queryKey: [...countsKey('ind'), branches ?? ''] as const,
    queryFn: ({ signal }) => outboundIndCounts(branches, signal),
  });

export const useOutboundIndCounts = (branches: string | undefined) => useQuery(outboundIndCountsQuery(branches));
