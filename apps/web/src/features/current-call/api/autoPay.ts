import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

export const autoPayKey = (sqldbid: number, customerNo: number) =>
  [...currentCallKey, 'autoPay', sqldbid, customerNo] as const;

/** GET /api/CurrentCall/AutoPay/?Customer=&SQLDBID=: franchise enrolment and the customer's autopay. */
export const autoPay = (sqldbid: number, customerNo: number, signal?: AbortSignal) =>
  api('autoPay', { query: { Customer: customerNo, SQLDBID: sqldbid }, signal });

export const autoPayQuery = (sqldbid: number, customerNo: number) =>
  queryOptions({
    queryKey: autoPayKey(sqldbid, customerNo),
    queryFn: ({ signal }) => autoPay(sqldbid, customerNo, signal),
  });

export const useAutoPay = (sqldbid: number, customerNo: number, enabled: boolean) =>
  useQuery({ ...autoPayQuery(sqldbid, customerNo), enabled });
