import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteBody } from '@cc/contract';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

export type CallScriptArgs = RouteBody<'callScript'>;

/** POST /api/currentcall/getCCScript: the script of the call type, filled with the agent and the company. */
export const callScript = (body: CallScriptArgs, signal?: AbortSignal) => api('callScript', { body, signal });

export const callScriptQuery = (body: CallScriptArgs) =>
  queryOptions({
    queryKey: [...currentCallKey, 'script', body],
    queryFn: ({ signal }) => callScript(body, signal),
    staleTime: 5 * 60_000,
  });

export const useCallScript = (body: CallScriptArgs) => useQuery(callScriptQuery(body));
