import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

export interface DayRangeArgs {
  sqldbid: number;
  customerNo: number;
  /** YYYY-MM-DD, whole days in America/Chicago. */
  start: string;
  end: string;
}

/** GET /api/customer/{sqldbid}/{customerNo}/{startDate}/{endDate}: the customer's call history, newest first. */
export const customerHistory = ({ sqldbid, customerNo, start, end }: DayRangeArgs, signal?: AbortSignal) =>
  api('customerHistory', { params: { sqldbid, customerNo, startDate: start, endDate: end }, signal });

export const customerHistoryQuery = (args: DayRangeArgs) =>
  queryOptions({
    queryKey: [...currentCallKey, 'history', args],
    queryFn: ({ signal }) => customerHistory(args, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomerHistory = (args: DayRangeArgs, enabled = true) =>
  useQuery({ ...customerHistoryQuery(args), enabled });
