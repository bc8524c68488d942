import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RouteBody } from '@cc/contract';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

export type CustomerLookupArgs = RouteBody<'customerLookup'>;

/** POST /api/call-center/customer: one page (25) of the franchise's customers by name, phone or address. */
export const customerLookup = (body: CustomerLookupArgs, signal?: AbortSignal) =>
  api('customerLookup', { body, signal });

export const customerLookupQuery = (body: CustomerLookupArgs) =>
  queryOptions({
    queryKey: [...currentCallKey, 'lookup', body],
    queryFn: ({ signal }) => customerLookup(body, signal),
    placeholderData: keepPreviousData,
  });
