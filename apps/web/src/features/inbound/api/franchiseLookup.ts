import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/inbound/franchises?prefix=: branches in the caller's scope whose number starts with the prefix. */
export const franchiseLookup = (prefix: string, signal?: AbortSignal) =>
  api('franchiseLookup', { query: { prefix }, signal });

export const franchiseLookupQuery = (prefix: string) =>
  queryOptions({
    queryKey: ['inbound', 'franchiseLookup', prefix],
    queryFn: ({ signal }) => franchiseLookup(prefix, signal),
    staleTime: 5 * 60_000,
  });

export const useFranchiseLookup = (prefix: string, enabled = true) =>
  useQuery({ ...franchiseLookupQuery(prefix.trim().toUpperCase()), enabled, placeholderData: keepPreviousData });
