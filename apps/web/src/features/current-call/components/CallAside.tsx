import { Stack } from '@mantine/core';
import type { Customer } from '@cc/contract';
import { useClientConfig } from '../../../app/client-config';
import { AutoPayPanel } from './AutoPayPanel';
import { CallLinks } from './CallLinks';
import { CustomerPanel } from './CustomerPanel';
import { FranchisePanel } from './FranchisePanel';

interface CallAsideProps {
  sqldbid: number;
  customerNo: number;
  customer: Customer | null;
  loading: boolean;
  error: string | null;
  /** A customer kept on screen only (a prospect or an unknown caller). */
  local: boolean;
  /** The call is open: the customer and AutoPay may be edited. */
  editable: boolean;
  propEvalCode: string | null;
  onEdit: () => void;
  onEditType: () => void;
  onLookup?: () => void;
  onEditCustomerNo?: () => void;
}

/** The call screen's left column: the customer, the links to hand the caller, AutoPay and the franchise. */
export function CallAside(props: CallAsideProps) {
  const config = useClientConfig();
  const { sqldbid, customerNo, customer } = props;
  return (
    <Stack gap="sm" component="aside" aria-label="Customer and franchise">
      <CustomerPanel
        customer={customer}
        loading={props.loading}
        error={props.error}
        local={props.local}
        editable={props.editable}
        onEdit={props.onEdit}
        onEditType={props.onEditType}
        onLookup={props.onLookup}
        onEditCustomerNo={props.onEditCustomerNo}
      />
      <CallLinks
        payBill={config.links.payBill}
        autoPay={config.links.autoPay}
        evaluation={config.links.evaluation}
        customerNo={customerNo}
        sqldbid={sqldbid}
        zip={customer?.zip ?? ''}
        propEvalCode={props.propEvalCode}
        origin={window.location.origin}
      />
      <AutoPayPanel sqldbid={sqldbid} customerNo={customerNo} editable={props.editable} />
      <FranchisePanel sqldbid={sqldbid} />
    </Stack>
  );
}
