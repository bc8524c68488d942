import { queryOptions, useQuery } from '@tanstack/react-query';
import { CALL_OPTIONS } from '@cc/domain';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/** GET /api/call-center/call-options: answer options and the follow-up options (the spec's list until loaded). */
export const callOptions = (signal?: AbortSignal) => api('callOptions', { signal });

export const callOptionsQuery = queryOptions({
  queryKey: [...currentCallKey, 'callOptions'],
  queryFn: ({ signal }) => callOptions(signal),
  staleTime: Infinity,
  placeholderData: [...CALL_OPTIONS],
});

export const useCallOptions = () => useQuery(callOptionsQuery);
