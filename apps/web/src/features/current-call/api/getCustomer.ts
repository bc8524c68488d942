import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerKey } from './keys';

/** GET /api/customer/{sqldbid}/{customerNo}: the customer of an outbound call (0 → a new prospect). */
export const getCustomer = (sqldbid: number, customerNo: number, signal?: AbortSignal) =>
  api('getCustomer', { params: { sqldbid, customerNo }, signal });

export const getCustomerQuery = (sqldbid: number, customerNo: number) =>
  queryOptions({
    queryKey: customerKey(sqldbid, customerNo),
    queryFn: ({ signal }) => getCustomer(sqldbid, customerNo, signal),
    staleTime: 0,
  });
