/**
 * The phone lines' calls (decision 081): the lines of the caller's utilities scope, and adding, editing and deleting
 * one. Each change reads the list again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhoneLineSave } from '@cc/contract';
import { api } from '../../../lib/api';

const KEY = ['utilities', 'phone-lines'] as const;

export const usePhoneLines = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('listPhoneLines', { signal }), staleTime: 0 });

export function usePhoneLineWrites() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: KEY });
  return {
    add: useMutation({ mutationFn: (body: PhoneLineSave) => api('addPhoneLine', { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PhoneLineSave }) =>
        api('updatePhoneLine', { params: { PhoneLineId: id }, body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api('deletePhoneLine', { params: { PhoneLineId: id } }),
      onSuccess,
    }),
  };
}
