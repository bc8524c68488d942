import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { listKey, type OutboundListArgs } from './keys';

/** GET /api/call-center/outbound/{callType} (general scope: corporate administrators and external companies): one page of a call type's list. */
export const outboundList = ({ callType, query }: OutboundListArgs, signal?: AbortSignal) =>
  api('outboundList', { params: { callType }, query, signal });

export const outboundListQuery = (args: OutboundListArgs) =>
  queryOptions({
    queryKey: [...listKey('general', args.callType), args.query] as const,
    queryFn: ({ signal }) => outboundList(args, signal),
    placeholderData: keepPreviousData,
  });

export const useOutboundList = (args: OutboundListArgs, enabled = true) =>
  useQuery({ ...outboundListQuery(args), enabled });
