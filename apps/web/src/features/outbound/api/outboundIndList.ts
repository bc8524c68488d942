import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { listKey, type OutboundListArgs } from './keys';

/** GET /api/call-center/outboundind/{callType} (independent-franchise branches; query branches): one page of a call type's list. */
export const outboundIndList = ({ callType, query }: OutboundListArgs, signal?: AbortSignal) =>
  api('outboundIndList', { params: { callType }, query, signal });

export const outboundIndListQuery = (args: OutboundListArgs) =>
  queryOptions({
    queryKey: [...listKey('ind', args.callType), args.query] as const,
    queryFn: ({ signal }) => outboundIndList(args, signal),
    placeholderData: keepPreviousData,
  });

export const useOutboundIndList = (args: OutboundListArgs, enabled = true) =>
  useQuery({ ...outboundIndListQuery(args), enabled });
