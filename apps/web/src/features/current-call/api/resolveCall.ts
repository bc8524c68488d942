import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/**
 * GET /api/call-center/resolve-call/{sqldbid}/{customerNo}/{callType}: the outbound row behind a deep link
 * (leads by priority; SkippedRounds the listed row; WebLead a new web lead), or null.
 */
export const resolveCall = (sqldbid: number, customerNo: number, callType: string, signal?: AbortSignal) =>
  api('resolveCall', { params: { sqldbid, customerNo, callType }, signal });

export const resolveCallQuery = (sqldbid: number, customerNo: number, callType: string) =>
  queryOptions({
    queryKey: [...currentCallKey, 'resolve', sqldbid, customerNo, callType],
    queryFn: ({ signal }) => resolveCall(sqldbid, customerNo, callType, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useResolveCall = (sqldbid: number, customerNo: number, callType: string, enabled: boolean) =>
  useQuery({ ...resolveCallQuery(sqldbid, customerNo, callType), enabled });
