import { Modal, type useModalsStack } from '@mantine/core';
import type { Customer, FranchiseInfo, HistoryRow } from '@cc/contract';
import { toast } from '../../../lib/toast';
import { useSetWebLeadCustomer } from '../api/setWebLeadCustomer';
import type { CustomerEdit } from '../customer-edits';
import { contactIdOf, type CallDraft, type TheCall } from '../model';
import { CallHistoryLogDialog } from './CallHistoryLogDialog';
import { CallLogDialog } from './CallLogDialog';
import { CustomerTypeDialog } from './CustomerTypeDialog';
import { EditCustomerNoDialog } from './EditCustomerNoDialog';
import { ActionSheet, CustomerDetailsReport } from './ReportDialogs';
import { ServiceCallReasonDialog } from './ServiceCallReasonDialog';
import { lazyPart } from '../../../components/lazy-part';

// Dialogs with a date picker, a grid or a form's schema, loaded after the call screen's first paint.
const CallbackDialog = lazyPart(() => import('./CallbackDialog').then((m) => m.CallbackDialog));
const CustomerLookupDialog = lazyPart(() => import('./CustomerLookupDialog').then((m) => m.CustomerLookupDialog));
const EditCustomerDialog = lazyPart(() => import('./EditCustomerDialog').then((m) => m.EditCustomerDialog));

/** The call screen's stacked dialogs (call-handling.md §2), by name. */
export const CALL_DIALOGS = [
  'edit-customer',
  'customer-type',
  'edit-customer-no',
  'lookup',
  'callback',
  'service-reason',
  'call-log',
  'history-log',
  'customer-details',
  'action-sheet',
] as const;
export type CallDialogName = (typeof CALL_DIALOGS)[number];
export type CallDialogStack = ReturnType<typeof useModalsStack<CallDialogName>>;

export interface CallDialogsProps {
  stack: CallDialogStack;
  sqldbid: number;
  customerNo: number;
  callType: string;
  theCall: TheCall | null;
  customer: Customer | null;
  draft: CallDraft;
  patch: (change: Partial<CallDraft>) => void;
  historyCall: HistoryRow | null;
  franchise: FranchiseInfo | undefined;
  recent: HistoryRow[] | undefined;
  /** What the customer lookup answers for: another account for the call, or a web lead's new number. */
  lookupFor: 'switch' | 'customer-no';
  setLookupFor: (value: 'switch' | 'customer-no') => void;
  lookedUp: number | null;
  setLookedUp: (value: number | null) => void;
  onSaveCustomer: (edit: Partial<CustomerEdit>, dialog: 'edit-customer' | 'customer-type') => Promise<void>;
  onReloadCustomer: () => Promise<Customer | null>;
  /** The call is about another account: the screen opens that customer. */
  onSwitchTo: (customerNo: number) => void;
}

/** The dialogs of the call screen, stacked so one can open over another (the lookup over the edit). */
export function CallDialogs(props: CallDialogsProps) {
  return (
    <Modal.Stack>
      <CustomerDialogs {...props} />
      <CallWorkDialogs {...props} />
    </Modal.Stack>
  );
}

/** The customer's dialogs: its edit, its type, a web lead's account number, and the lookup of another account. */
function CustomerDialogs({
  stack,
  sqldbid,
  customerNo,
  theCall,
  customer,
  lookupFor,
  setLookupFor,
  lookedUp,
  setLookedUp,
  onSaveCustomer,
  onReloadCustomer,
  onSwitchTo,
}: CallDialogsProps) {
  const setWebLead = useSetWebLeadCustomer();
  return (
    <>
      <EditCustomerDialog
        {...stack.register('edit-customer')}
        customer={customer}
        onSave={(edit) => onSaveCustomer(edit, 'edit-customer')}
        onReload={onReloadCustomer}
        onLookup={() => {
          setLookupFor('switch');
          stack.open('lookup');
        }}
      />
      <CustomerTypeDialog
        {...stack.register('customer-type')}
        current={customer?.customerType ?? ''}
        onSave={(customerType) => onSaveCustomer({ customerType }, 'customer-type')}
      />
      <EditCustomerNoDialog
        opened={stack.state['edit-customer-no']}
        stackId={stack.register('edit-customer-no').stackId}
        onCancel={() => {
          stack.close('edit-customer-no');
          setLookedUp(null);
          toast.info('Edit Customer No. Cancelled...');
        }}
        current={customerNo}
        looked={lookedUp}
        onLookup={() => {
          setLookupFor('customer-no');
          stack.open('lookup');
        }}
        onSave={async (customerNumber) => {
          const ContactId = contactIdOf(theCall);
          if (!ContactId) throw new Error('This call has no web lead to link to an account.');
          await setWebLead.mutateAsync({ sqldbid, customerNumber, ContactId });
          toast.success('Weblead Customer Number successfully updated');
          stack.close('edit-customer-no');
          if (customerNumber !== customerNo) onSwitchTo(customerNumber);
        }}
      />
      <CustomerLookupDialog
        {...stack.register('lookup')}
        sqldbid={sqldbid}
        onSelect={(n) => {
          stack.close('lookup');
          if (lookupFor === 'customer-no') setLookedUp(n);
          else if (n !== customerNo) {
            // The call is about that account: the screen opens it (the edit dialog goes with this one).
            stack.close('edit-customer');
            onSwitchTo(n);
          }
        }}
      />
    </>
  );
}

/** The dialogs of the call's work: the callback, the service-call reason, the notes, a past call's log, the reports. */
function CallWorkDialogs({
  stack,
  callType,
  theCall,
  customer,
  draft,
  patch,
  historyCall,
  franchise,
  recent,
}: CallDialogsProps) {
  return (
    <>
      <CallbackDialog
        {...stack.register('callback')}
        value={draft.callbackAt}
        timeZone={franchise?.timeZone}
        onSave={(callbackAt) => {
          patch({ callbackAt });
          stack.close('callback');
        }}
      />
      <ServiceCallReasonDialog
        opened={stack.state['service-reason']}
        stackId={stack.register('service-reason').stackId}
        onCancel={() => {
          stack.close('service-reason');
          toast.info('Service Call Reason Cancelled...');
        }}
        value={draft.serviceCallReason}
        onSave={(serviceCallReason) => {
          patch({ serviceCallReason });
          stack.close('service-reason');
        }}
      />
      <CallLogDialog
        {...stack.register('call-log')}
        notes={draft.notes}
        onSave={(notes) => {
          patch({ notes });
          stack.close('call-log');
        }}
      />
      <CallHistoryLogDialog {...stack.register('history-log')} call={historyCall} />
      <CustomerDetailsReport
        {...stack.register('customer-details')}
        customer={customer}
        franchise={franchise}
        history={recent}
      />
      <ActionSheet
        {...stack.register('action-sheet')}
        customer={customer}
        franchise={franchise}
        callType={callType}
        theCall={theCall}
        draft={draft}
      />
    </>
  );
}
