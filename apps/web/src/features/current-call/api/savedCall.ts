import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';
import { releasesSettled } from '../hooks/releases';

/**
 * GET /api/call-center/saved-call: the call this user left without ending it, or null. Waits for a
 * release still on its way (leaving the call screen for the dashboard), so the answer includes it.
 */
export const savedCall = async (signal?: AbortSignal) => {
  await releasesSettled();
  return api('savedCall', { signal });
};

export const savedCallQuery = queryOptions({
  queryKey: [...currentCallKey, 'saved'],
  queryFn: ({ signal }) => savedCall(signal),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

export const useSavedCall = () => useQuery(savedCallQuery);
