import { AlertDialog } from './AlertDialog';
import { CONFIRM_LEAVE_MESSAGE, ConfirmNavigationDialog } from './ConfirmNavigationDialog';
import { EndCallDialogs } from './EndCallDialogs';
import type { useEndCall } from '../hooks/useEndCall';
import type { useCallExits } from '../hooks/useCallExits';

export const ACTIVE_CALL_TITLE = 'Active Call Encountered';
export const ACTIVE_CALL_MESSAGE = 'Sorry, but this call is currently active...';
/** Who has the call, under the spec's message. */
export const activeCallHolderText = (name: string) => `${name} has this call open.`;
export const DNC_TITLE = 'Attention';
export const DNC_MESSAGE = 'This customer is on the Federal Do Not Call List.';

export interface CallAlertsProps {
  /** Another CSR holds the call: the server's message (or '' for the spec's own). */
  refused: string | null;
  /** The name of the CSR who has the call, once known. */
  holder: string | null;
  onRefusedOk: () => void;
  /** The customer is on the Federal Do Not Call list and the CSR has not yet been told. */
  dnc: boolean;
  onDncSeen: () => void;
  end: ReturnType<typeof useEndCall>;
  blocker: ReturnType<typeof useCallExits>['blocker'];
  confirmCancel: boolean;
  /** The CSR's answer to "cancel the call?": true cancels it. */
  onConfirmCancel: (cancel: boolean) => void;
}

/** The call screen's alerts: the call held by another, do-not-call, the end of the call, leaving and cancelling. */
export function CallAlerts({
  refused,
  holder,
  onRefusedOk,
  dnc,
  onDncSeen,
  end,
  blocker,
  confirmCancel,
  onConfirmCancel,
}: CallAlertsProps) {
  return (
    <>
      <AlertDialog
        opened={refused !== null}
        onClose={() => undefined}
        forced
        title={ACTIVE_CALL_TITLE}
        message={
          <>
            {refused || ACTIVE_CALL_MESSAGE}
            {holder ? (
              <>
                <br />
                <span data-testid="active-call-holder">{activeCallHolderText(holder)}</span>
              </>
            ) : null}
          </>
        }
        onOk={onRefusedOk}
        data-testid="active-call-dialog"
      />
      <AlertDialog
        opened={dnc}
        onClose={onDncSeen}
        title={DNC_TITLE}
        message={DNC_MESSAGE}
        color="red.9"
        data-testid="dnc-dialog"
      />
      <EndCallDialogs
        phase={end.phase}
        onDismiss={end.dismiss}
        onWithoutEmail={end.withoutEmail}
        onDecline={end.decline}
        onConfirm={end.confirm}
      />
      <ConfirmNavigationDialog
        opened={blocker.state === 'blocked'}
        message={CONFIRM_LEAVE_MESSAGE}
        onLeave={() => blocker.proceed?.()}
        onStay={() => blocker.reset?.()}
      />
      <ConfirmNavigationDialog
        opened={confirmCancel}
        leaveLabel="Cancel the call"
        onLeave={() => onConfirmCancel(true)}
        onStay={() => onConfirmCancel(false)}
        data-testid="confirm-cancel-dialog"
      />
    </>
  );
}
