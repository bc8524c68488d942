import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerKey } from './keys';

/** GET /api/customer/inbound/{sqldbid}/{customerNo}: the customer of an inbound call (0 → a new prospect). */
export const getInboundCustomer = (sqldbid: number, customerNo: number, signal?: AbortSignal) =>
  api('getInboundCustomer', { params: { sqldbid, customerNo }, signal });

export const getInboundCustomerQuery = (sqldbid: number, customerNo: number) =>
  queryOptions({
    queryKey: customerKey(sqldbid, customerNo),
    queryFn: ({ signal }) => getInboundCustomer(sqldbid, customerNo, signal),
    staleTime: 0,
  });
