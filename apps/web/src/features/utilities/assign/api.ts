/**
 * The calls of Assign Service Reps and Reassign Callbacks (administration.md §7; decision 031): one query or mutation
 * per endpoint; a change invalidates the assignments (and the outbound lists and counts it re-routes).
 */
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CallbacksQuery,
  CsrAssignmentUpdate,
  SetGroupCallStatusRequest,
  UpdateCallbacksRequest,
} from '@cc/contract';
import { api } from '../../../lib/api';

const root = ['utilities', 'assign'] as const;
export const assignKeys = {
  root,
  assignments: [...root, 'assignments'] as const,
  sources: (designation: 'COF' | 'IND') => [...root, 'sources', designation] as const,
  csrs: [...root, 'csrs'] as const,
  callbacks: (query: CallbacksQuery) => [...root, 'callbacks', query] as const,
};

export const useAssignments = () =>
  useQuery(
    queryOptions({
      queryKey: assignKeys.assignments,
      queryFn: ({ signal }) => api('getAllAssignments', { signal }),
      staleTime: 0,
    }),
  );

/** GetSourceList, called with 'COF' (the spec) and 'IND': the sources of the open lists, for the Source filter. */
export function useSourceList() {
  const answers = useQueries({
    queries: (['COF', 'IND'] as const).map((designation) => ({
      queryKey: assignKeys.sources(designation),
      queryFn: ({ signal }: { signal: AbortSignal }) => api('getSourceList', { params: { designation }, signal }),
      staleTime: 0,
    })),
  });
  const sources = new Set<string>();
  for (const a of answers) for (const s of a.data ?? []) sources.add(s.source);
  return [...sources].sort();
}

export const useSccDbUsers = () =>
  useQuery({
    queryKey: assignKeys.csrs,
    queryFn: ({ signal }) => api('getSccDbUsers', { signal }),
    staleTime: 60_000,
  });

export const useCallbacks = (query: CallbacksQuery) =>
  useQuery({
    queryKey: assignKeys.callbacks(query),
    queryFn: ({ signal }) => api('getCallbacks', { query, signal }),
    staleTime: 0,
  });

/** After a change: the grids, and the outbound lists and counts whose rows it routes or completes. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: root }),
      client.invalidateQueries({ queryKey: ['outbound'] }),
    ]).then(() => undefined);
}

export function useUpdateAssignment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CsrAssignmentUpdate) => api('updateCsrAssignment', { body }),
    onSuccess: refresh,
  });
}

export function useDeleteAssignment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (assignmentId: number) => api('deleteCsrAssignment', { params: { assignmentId } }),
    onSuccess: refresh,
  });
}

export function useMarkComplete() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SetGroupCallStatusRequest) => api('setGroupCallStatus', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateCallbacks() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateCallbacksRequest) => api('updateCallbacks', { body }),
    onSuccess: refresh,
  });
}
