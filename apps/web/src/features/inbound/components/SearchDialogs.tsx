import { Modal } from '@mantine/core';
import type { InboundRow } from '@cc/contract';
import { toast } from '../../../lib/toast';
import type { SearchDialogs as Dialogs } from '../hooks/useSearchFlow';
import { AddCallDialog, type AddCallPrefill } from './AddCallDialog';
import { AlertDialog } from './AlertDialog';

export const overLimitMessage = (n: number) =>
  `Total of ${n} records will be returned. Please refine your search criteria.`;
export const ZIP_NOT_SERVICED = 'The franchise is not offering Lawn Care services at this zip code.';

export interface SearchDialogsProps {
  dialogs: Dialogs;
  overLimitTotal: number;
  prefill: AddCallPrefill;
  /** A dialog has gone: back to the search, unless another is still up. */
  afterDialog: () => void;
  /** Add Call made the new prospect's call row: open it. */
  onAdd: (theCall: InboundRow) => void;
}

/** The dialogs a search ends in: too many records, a zip no branch serves, Add Call (a new prospect). */
export function SearchDialogs({ dialogs, overLimitTotal, prefill, afterDialog, onAdd }: SearchDialogsProps) {
  const cancelAddCall = () => {
    dialogs.close('add-call');
    toast.info('Search Again...');
  };
  return (
    <Modal.Stack>
      <AlertDialog
        {...dialogs.register('over-limit')}
        title="Too Many Records"
        message={overLimitMessage(overLimitTotal)}
        onExitTransitionEnd={afterDialog}
        data-testid="over-limit-dialog"
      />
      <AddCallDialog
        {...dialogs.register('add-call')}
        onClose={cancelAddCall}
        prefill={prefill}
        onCancel={cancelAddCall}
        onZipNotServiced={() => dialogs.open('zip-not-serviced')}
        onExitTransitionEnd={afterDialog}
        onAdd={(theCall) => {
          dialogs.closeAll();
          onAdd(theCall);
        }}
      />
      <AlertDialog
        {...dialogs.register('zip-not-serviced')}
        title="Zip Code Not Serviced"
        message={ZIP_NOT_SERVICED}
        onExitTransitionEnd={afterDialog}
        data-testid="zip-not-serviced-dialog"
      />
    </Modal.Stack>
  );
}
