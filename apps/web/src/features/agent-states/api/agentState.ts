/**
 * The CSR's own agent state (decision 076): read for the header, changed from its menu, and read again whenever a
 * call opens or ends on this screen (`refreshAgentState`) and when a Wrap-up is due to end.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AgentState, AgentStateChoice } from '@cc/contract';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';

const KEY = ['agent-state'] as const;

export const agentStateQuery = queryOptions({
  queryKey: [...KEY, 'mine'],
  queryFn: () => api('myAgentState'),
  // Another tab may have moved the state: read it again when this one comes back. No polling: every request keeps the
  // session from going idle on the server (decision 076).
  refetchOnWindowFocus: true,
  staleTime: 0,
});

export const awayReasonsQuery = queryOptions({
  queryKey: [...KEY, 'away-reasons'],
  queryFn: () => api('agentAwayReasons'),
});

export const useAgentState = (enabled: boolean) => useQuery({ ...agentStateQuery, enabled });
export const useAwayReasons = (enabled: boolean) => useQuery({ ...awayReasonsQuery, enabled });

export function useChooseAgentState() {
  return useMutation({
    mutationFn: (body: AgentStateChoice) => api('setMyAgentState', { body }),
    onSuccess: (state: AgentState) => queryClient.setQueryData(agentStateQuery.queryKey, state),
  });
}

/** A call opened or ended on this screen: the server moved the state; the header reads it again. */
export function refreshAgentState(): void {
  void queryClient.invalidateQueries({ queryKey: KEY });
}
