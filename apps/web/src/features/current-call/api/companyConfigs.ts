import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/** POST /api/currentcall/getCompanyConfigs: the franchise's web-lead hours and call-centre email addresses. */
export const companyConfigs = (sqldbid: number, signal?: AbortSignal) =>
  api('companyConfigs', { body: { sqldbid }, signal });

export const companyConfigsQuery = (sqldbid: number) =>
  queryOptions({
    queryKey: [...currentCallKey, 'companyConfigs', sqldbid],
    queryFn: ({ signal }) => companyConfigs(sqldbid, signal),
    staleTime: 5 * 60_000,
  });

export const useCompanyConfigs = (sqldbid: number) => useQuery(companyConfigsQuery(sqldbid));
