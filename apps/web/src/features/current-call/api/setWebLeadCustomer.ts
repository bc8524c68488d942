import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SetWebLeadCustomerArgs {
  sqldbid: number;
  customerNumber: number;
  ContactId: string;
}

/** PUT /api/call-center/outbound/web-leads/{sqldbid}/setcustomer/{customerNumber}: give a web lead its customer. */
export const setWebLeadCustomer = ({ sqldbid, customerNumber, ContactId }: SetWebLeadCustomerArgs) =>
  api('setWebLeadCustomer', { params: { sqldbid, customerNumber }, body: { ContactId } });

export const setWebLeadCustomerMutation = mutationOptions({
  mutationKey: ['current-call', 'setWebLeadCustomer'],
  mutationFn: setWebLeadCustomer,
});

export const useSetWebLeadCustomer = () => useMutation(setWebLeadCustomerMutation);
