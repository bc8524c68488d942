import { CALL_RESULT_ID } from '../hooks/useCallShortcuts';
import type { CallScreen } from '../hooks/useCallScreen';
import { SERVICE_CALL_RESULT } from '../model';
import { CallHeader } from './CallHeader';

/** The call's bar, wired to the call: its result and follow-up, the dialogs it opens, Cancel Call and End Call. */
export function CallScreenHeader({ screen }: { screen: CallScreen }) {
  const { call, reference, dialogs, exits, end } = screen;
  const { draft, patch } = call.work;
  const { stack } = dialogs;
  return (
    <CallHeader
      name={screen.name}
      callTypeLabel={screen.typeLabel}
      outbound={screen.outbound}
      accountNo={screen.customerNo}
      doNotCall={reference.onDncList}
      results={reference.resultNames}
      resultsLoading={reference.results.isPending}
      result={draft.result}
      onResultChange={screen.onResultChange}
      followUps={reference.followUps}
      followUp={draft.followUp}
      onFollowUpChange={(followUp) => patch({ followUp })}
      callbackAt={draft.callbackAt}
      onCallback={() => stack.open('callback')}
      serviceCallReason={draft.serviceCallReason}
      showServiceReason={draft.result === SERVICE_CALL_RESULT}
      onServiceReason={() => stack.open('service-reason')}
      hasNotes={draft.notes !== ''}
      onCallLog={() => stack.open('call-log')}
      onCustomerDetails={() => stack.open('customer-details')}
      onActionSheet={() => stack.open('action-sheet')}
      onShortcuts={screen.shortcuts.openHelp}
      resultId={CALL_RESULT_ID}
      onCancelCall={() => dialogs.setConfirmCancel(true)}
      cancelling={exits.cancelling}
      onEndCall={end.start}
      ending={end.ending}
      endWorking={end.working}
      active={call.open}
    />
  );
}
