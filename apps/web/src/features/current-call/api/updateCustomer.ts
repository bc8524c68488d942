import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerUpdateRequest } from '@cc/contract';
import { api } from '../../../lib/api';
import { customerKey } from './keys';

export interface UpdateCustomerArgs {
  sqldbid: number;
  customerNo: number;
  body: CustomerUpdateRequest;
}

/** PUT /api/customer/{customerNo}/{sqldbid}: the saved customer (phones normalised) and the recorded edit's id. */
export const updateCustomer = ({ sqldbid, customerNo, body }: UpdateCustomerArgs) =>
  api('updateCustomer', { params: { sqldbid, customerNo }, body });

export const updateCustomerMutation = mutationOptions({
  mutationKey: ['current-call', 'updateCustomer'],
  mutationFn: updateCustomer,
});

/** The server's answer replaces the cached customer, so every panel shows what was stored. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateCustomerMutation,
    onSuccess: (answer, { sqldbid, customerNo }) => {
      queryClient.setQueryData(customerKey(sqldbid, customerNo), answer.customer);
    },
  });
}
