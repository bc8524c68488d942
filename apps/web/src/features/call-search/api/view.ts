import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { callSearchKey } from './search';

/** GET /api/call-search/calls/:outboundId: a call, its customer and history, to look at (nothing is taken). */
export const callViewQuery = (outboundId: number) =>
  queryOptions({
    queryKey: [...callSearchKey, 'view', outboundId] as const,
    queryFn: ({ signal }) => api('callView', { params: { outboundId }, signal }),
    staleTime: 0,
  });

export const useCallView = (outboundId: number | null) =>
  useQuery({ ...callViewQuery(outboundId ?? 0), enabled: outboundId !== null });
