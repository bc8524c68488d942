import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/currentcall/insertCancelCall: a call history record with result Cancel; releases the call. */
export const insertCancelCall = (body: RouteBody<'insertCancelCall'>) => api('insertCancelCall', { body });

export const insertCancelCallMutation = mutationOptions({
  mutationKey: ['current-call', 'insertCancelCall'],
  mutationFn: insertCancelCall,
});

export const useInsertCancelCall = () => useMutation(insertCancelCallMutation);
