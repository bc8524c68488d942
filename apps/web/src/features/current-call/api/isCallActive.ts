import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentCallKey } from './keys';

/**
 * POST /api/call-center/isCallActive: whether another CSR holds the call, and who (the lock's holder, as the server
 * answers it to a user who may open the call). Asked when the call was refused, to name who has it.
 */
export const useCallHolder = (sqldbid: number, customerNo: number, enabled: boolean) =>
  useQuery({
    queryKey: [...currentCallKey, 'holder', sqldbid, customerNo],
    queryFn: ({ signal }) => api('isCallActive', { body: { sqldbid, customerNo }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    select: (answer) => (answer.isActive && !answer.mine && answer.activeBy.trim() ? answer.activeBy.trim() : null),
  });
