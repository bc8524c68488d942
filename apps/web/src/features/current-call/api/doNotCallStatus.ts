import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/** GET /api/customer/FederalDoNotCallStatus/{customerNo}/{sqldbid}: is the customer on the federal list. */
export const doNotCallStatus = (sqldbid: number, customerNo: number, signal?: AbortSignal) =>
  api('doNotCallStatus', { params: { sqldbid, customerNo }, signal });

export const doNotCallStatusQuery = (sqldbid: number, customerNo: number) =>
  queryOptions({
    queryKey: [...currentCallKey, 'dnc', sqldbid, customerNo],
    queryFn: ({ signal }) => doNotCallStatus(sqldbid, customerNo, signal),
    staleTime: 0,
  });

export const useDoNotCallStatus = (sqldbid: number, customerNo: number, enabled: boolean) =>
  useQuery({ ...doNotCallStatusQuery(sqldbid, customerNo), enabled });
