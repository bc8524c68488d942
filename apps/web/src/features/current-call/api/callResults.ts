import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/** GET /api/call-center/outbound/call-results/{callTypeId}: the results a call of this type can end with. */
export const callResults = (callTypeId: number, signal?: AbortSignal) =>
  api('callResults', { params: { callTypeId }, signal });

export const callResultsQuery = (callTypeId: number) =>
  queryOptions({
    queryKey: [...currentCallKey, 'callResults', callTypeId],
    queryFn: ({ signal }) => callResults(callTypeId, signal),
    staleTime: Infinity,
  });

export const useCallResults = (callTypeId: number) => useQuery(callResultsQuery(callTypeId));
