import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DayRangeArgs } from './customerHistory';
import { currentCallKey } from './keys';

/** GET /api/customer/touchpoints/{sqldbid}/{customerNo}/{start}/{end}: visits, letters and emails, newest first. */
export const customerTouchpoints = ({ sqldbid, customerNo, start, end }: DayRangeArgs, signal?: AbortSignal) =>
  api('customerTouchpoints', { params: { sqldbid, customerNo, start, end }, signal });

export const customerTouchpointsQuery = (args: DayRangeArgs) =>
  queryOptions({
    queryKey: [...currentCallKey, 'touchpoints', args],
    queryFn: ({ signal }) => customerTouchpoints(args, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomerTouchpoints = (args: DayRangeArgs, enabled = true) =>
  useQuery({ ...customerTouchpointsQuery(args), enabled });
