import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/** POST /api/currentcall/getFranchiseInfo: name, contact, office hours and branches of the franchise. */
export const franchiseInfo = (sqldbid: number, signal?: AbortSignal) =>
  api('franchiseInfo', { body: { sqldbid }, signal });

export const franchiseInfoQuery = (sqldbid: number) =>
  queryOptions({
    queryKey: [...currentCallKey, 'franchise', sqldbid],
    queryFn: ({ signal }) => franchiseInfo(sqldbid, signal),
    staleTime: 5 * 60_000,
  });

export const useFranchiseInfo = (sqldbid: number) => useQuery(franchiseInfoQuery(sqldbid));
