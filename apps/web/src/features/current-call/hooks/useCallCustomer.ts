import type { Customer } from '@cc/contract';
import { toast } from '../../../lib/toast';
import { useUpdateCustomer } from '../api/updateCustomer';
import { applyLocally, type CustomerEdit } from '../customer-edits';
import { fullName } from '../model';
import type { useCallSubject } from './useCallSubject';
import type { useCallWork } from './useCallWork';

interface CallCustomerOptions {
  sqldbid: number;
  customerNo: number;
  subject: Pick<ReturnType<typeof useCallSubject>, 'customerQuery' | 'loaded'>;
  work: Pick<ReturnType<typeof useCallWork>, 'customerEdits' | 'infoEditId' | 'addCustomerEdit' | 'setInfoEditId'>;
}

/**
 * The customer on screen: the stored record (its edits saved at once, naming the version they were made on), or a
 * new prospect's or unknown customer's, whose edits are kept in the working state and applied on screen.
 */
export function useCallCustomer({ sqldbid, customerNo, subject, work }: CallCustomerOptions) {
  const { customerQuery, loaded } = subject;
  const local = customerNo <= 0;
  const update = useUpdateCustomer();
  const customer = local && loaded && work.customerEdits ? applyLocally(loaded, work.customerEdits) : loaded;
  // The latest recorded edit of this CSR (the end of the call links it to the call history): the dialog's answer
  // (work.infoEditId), or the customer as read again (autopay turned off).
  const editIds = [work.infoEditId, customer?.customerInfoEditId].filter((id): id is number => typeof id === 'number');
  const customerInfoEditId = editIds.length > 0 ? Math.max(...editIds) : null;

  /** Pricing's refresh: the stored customer again (its lawn size), or the one kept on screen for a prospect. */
  const refreshCustomer = async (): Promise<Customer | null> => {
    if (local) return customer;
    const answer = await customerQuery.refetch();
    if (answer.error) throw answer.error;
    return answer.data ?? null;
  };

  /** Saves an edit of the customer; false when there is no customer to edit. */
  const saveCustomer = async (edit: Partial<CustomerEdit>): Promise<boolean> => {
    if (!customer) return false;
    if (local) {
      const next = applyLocally(customer, edit);
      work.addCustomerEdit(edit);
      toast.success(`Updated Customer: ${fullName(next)}`);
    } else {
      // A customer another user changed since answers 409.
      const version = customerQuery.data?.version ?? customer.version;
      const answer = await update.mutateAsync({ sqldbid, customerNo, body: { ...edit, version } });
      work.setInfoEditId(answer.customerInfoEditId);
      toast.success(`Updated Customer: ${fullName(answer.customer)}`);
    }
    return true;
  };

  return { local, customer, customerInfoEditId, refreshCustomer, saveCustomer };
}
