import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/** GET /api/CurrentCall/CurrentServiceYearWebOrders/{customerNo}/{sqldbid}: this service year's order lines. */
export const webOrders = (sqldbid: number, customerNo: number, signal?: AbortSignal) =>
  api('webOrders', { params: { sqldbid, customerNo }, signal });

export const webOrdersQuery = (sqldbid: number, customerNo: number) =>
  queryOptions({
    queryKey: [...currentCallKey, 'webOrders', sqldbid, customerNo],
    queryFn: ({ signal }) => webOrders(sqldbid, customerNo, signal),
  });

export const useWebOrders = (sqldbid: number, customerNo: number, enabled: boolean) =>
  useQuery({ ...webOrdersQuery(sqldbid, customerNo), enabled });
