import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { listKey, type OutboundListArgs } from './keys';

/** GET /api/call-center/outboundcof/{callType} (company-owned branches): one page of a call type's list. */
export const outboundCofList = ({ callType, query }: OutboundListArgs, signal?: AbortSignal) =>
  api('outboundCofList', { params: { callType }, query, signal });

export const outboundCofListQuery = (args: OutboundListArgs) =>
  queryOptions({
    queryKey: [...listKey('cof', args.callType), args.query] as const,
    queryFn: ({ signal }) => outboundCofList(args, signal),
    placeholderData: keepPreviousData,
  });

export const useOutboundCofList = (args: OutboundListArgs, enabled = true) =>
  useQuery({ ...outboundCofListQuery(args), enabled });
