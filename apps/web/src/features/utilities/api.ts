import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GetActiveFranchises: the franchises of the caller's scope with their branches; one cached list for every dialog. */
export const useActiveFranchises = (enabled = true) =>
  useQuery({
    queryKey: ['utilities', 'franchises'] as const,
    queryFn: ({ signal }) => api('getActiveFranchises', { signal }),
    enabled,
    staleTime: 60_000,
  });
