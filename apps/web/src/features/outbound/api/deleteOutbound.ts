import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { OutboundIdsRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/call-center/outbound/delete: take calls off their list (counts follow on the server). */
export const deleteOutbound = (body: OutboundIdsRequest) => api('deleteOutbound', { body });

export const deleteOutboundMutation = mutationOptions({
  mutationKey: ['outbound', 'delete'],
  mutationFn: deleteOutbound,
});

export const useDeleteOutbound = () => useMutation(deleteOutboundMutation);
