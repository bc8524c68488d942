import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { autoPayKey } from './autoPay';
import { customerKey } from './keys';

export interface DisableAutoPayArgs {
  sqldbid: number;
  customerNo: number;
}

/** PUT /api/CurrentCall/{customerNo}/{sqldbid}/AutoPay/Disable: answers the new autopay setting. */
export const disableAutoPay = ({ sqldbid, customerNo }: DisableAutoPayArgs) =>
  api('disableAutoPay', { params: { sqldbid, customerNo } });

export const disableAutoPayMutation = mutationOptions({
  mutationKey: ['current-call', 'disableAutoPay'],
  mutationFn: disableAutoPay,
});

export function useDisableAutoPay() {
  const queryClient = useQueryClient();
  return useMutation({
    ...disableAutoPayMutation,
    onSuccess: (answer, { sqldbid, customerNo }) => {
      queryClient.setQueryData(autoPayKey(sqldbid, customerNo), answer);
      // Turning autopay off is an edit of the customer: a new version, and a recorded edit for the end of the call.
      void queryClient.invalidateQueries({ queryKey: customerKey(sqldbid, customerNo) });
    },
  });
}
