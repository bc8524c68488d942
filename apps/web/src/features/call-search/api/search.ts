import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallSearchExportQuery, CallSearchQuery } from '@cc/contract';
import { routePaths as routes } from '../../../lib/route-table';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/upload';

/** Query keys: every call-search query starts with 'callSearch'. */
export const callSearchKey = ['callSearch'] as const;

/** GET /api/odata/GetSearchOutboundCalls: one page of the matching calls and how many match. */
export const searchQuery = (query: CallSearchQuery) =>
  queryOptions({
    queryKey: [...callSearchKey, 'page', query] as const,
    queryFn: ({ signal }) => api('searchOutboundCalls', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The call types to pick from (the outbound lists' and inbound's). */
export const useCallTypes = () =>
  useQuery({
    queryKey: [...callSearchKey, 'types'],
    queryFn: ({ signal }) => api('callTypes', { signal }),
    staleTime: 5 * 60_000,
  });

/** The agents to pick from. */
export const useAgentNames = () =>
  useQuery({
    queryKey: [...callSearchKey, 'agents'],
    queryFn: ({ signal }) => api('agentNames', { signal }),
    staleTime: 5 * 60_000,
  });

/** Every match of the search as a CSV file, streamed by the server (all pages, the grid's order). */
export function exportCalls(query: CallSearchExportQuery): Promise<void> {
  const params = new URLSearchParams();
  if (query.$filter) params.set('$filter', query.$filter);
  if (query.$orderby) params.set('$orderby', query.$orderby);
  return downloadFile(`${routes.exportOutboundCalls.path}?${params.toString()}`, 'calls.csv');
}
