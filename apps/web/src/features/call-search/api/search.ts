import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallSearchQuery } from '@cc/contract';
import { api } from '../../../lib/api';

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

export const useCallSearch = (query: CallSearchQuery) => useQuery(searchQuery(query));

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
