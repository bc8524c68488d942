import { useEffect, type RefObject } from 'react';
import type { SessionUser } from '@cc/contract';
import { callTypeByName } from '@cc/domain';
import { useShownMark } from '../../../lib/shown';
import { useCallHolder } from '../api/isCallActive';
import type { CustomerEdit } from '../customer-edits';
import { field, fullName, isOutbound, listPathOf, type TheCall } from '../model';
import { resultChangeOf } from '../result-change';
import { useCallDialogState, type CallDialogState } from './useCallDialogState';
import { useCallExits } from './useCallExits';
import { useCallReference } from './useCallReference';
import { CALL_TABS_ID, useCallShortcuts } from './useCallShortcuts';
import { useCallTab } from './useCallTab';
import { useEndCall, type EndCallOptions } from './useEndCall';
import { measureItOpener, useLawnSizeRefresh } from './useLawnSizeRefresh';
import { useOpenedCall } from './useOpenedCall';
import { useOutOfReach } from './useOutOfReach';

export interface CallScreenOptions {
  user: SessionUser;
  sqldbid: number;
  customerNo: number;
  callType: string;
  routedCall: TheCall | null;
  /** The phone system's id of the call, when a screen pop opened it (decision 075); kept with the work (081). */
  phoneCallId?: string | undefined;
}

/**
 * Everything the call screen shows and does, in the order the call goes: it opens (read, held, its work restored),
 * its tabs and what they read, its dialogs, and its ways out (leaving, cancelling, ending); the screen lays it out.
 */
export function useCallScreen({ user, sqldbid, customerNo, callType, routedCall, phoneCallId }: CallScreenOptions) {
  const type = callTypeByName(callType);
  const outbound = isOutbound(callType);
  const listPath = listPathOf(callType);
  const call = useOpenedCall({ sqldbid, customerNo, callType, routedCall, phoneCallId });
  const { subject, lock, open, work, customer } = call;
  const tabs = useCallTab(sqldbid, customerNo, callType);
  const reference = useCallReference(sqldbid, customerNo, type?.CallTypeId ?? 1, open);
  const dialogs = useCallDialogState();
  useShownMark('call', lock.state.status === 'open' && customer !== null, customer);

  // The refresh of lawn size and pricing reads MeasureIt, by a click or when MeasureIt's window saves (decision 043).
  const lawnSize = useLawnSizeRefresh({
    sqldbid,
    customerNo,
    customer,
    draft: work.draft.pricing,
    readCustomer: call.refreshCustomer,
  });
  const outOfReach = useOutOfReach(customerNo, subject.customerQuery.error, reference.franchise.error, lock.forget);
  const { theCall } = subject;
  const name = customer ? fullName(customer) : [field(theCall, 'FirstName'), field(theCall, 'LastName')].join(' ');
  const exits = useCallExits({
    user,
    sqldbid,
    customerNo,
    callType,
    outbound,
    outboundId: subject.outboundId,
    theCall,
    listPath,
    name,
    open: open && !outOfReach,
    forgetLock: lock.forget,
    stopWork: work.stop,
  });
  const end = useEndCall(
    endCallOptionsOf({ sqldbid, customerNo, callType }, call, reference, {
      onSurveyProblem: () => {
        dialogs.setSurveyFlagged(true);
        tabs.openTab('survey');
      },
      onEnded: exits.ended,
    }),
  );
  const refused = lock.state.status === 'refused' ? lock.state.message : null;
  // Who has the call, for the 'Active Call Encountered' dialog: the lock's holder, as the server names it.
  const holder = useCallHolder(sqldbid, customerNo, refused !== null);
  const shortcuts = useCallShortcuts({
    endCall: open && work.draft.result && !end.ending && !exits.cancelling ? end.start : null,
    callLog: () => dialogs.stack.open('call-log'),
    openTab: tabs.openTab,
  });
  // Once the call is ours and its work restored (the tabs shown), the keyboard starts on its tab: the first, or the
  // one kept across a reload.
  useFocusOnTab(open && subject.callKnown && work.ready, tabs.current);

  return {
    user,
    sqldbid,
    customerNo,
    callType,
    call,
    tabs,
    reference,
    dialogs,
    lawnSize,
    outOfReach,
    exits,
    end,
    refused,
    holder,
    shortcuts,
    outbound,
    listPath,
    name: name.trim(),
    typeLabel: type?.CallTypeDisplayName ?? callType,
    measureOpener: measureItOpener(user, sqldbid, customerNo),
    onResultChange: chooseResult(work, outbound, dialogs),
    saveAndClose: async (edit: Partial<CustomerEdit>, dialog: 'edit-customer' | 'customer-type') => {
      if (await call.saveCustomer(edit)) dialogs.stack.close(dialog);
    },
  };
}

export type CallScreen = ReturnType<typeof useCallScreen>;

/** What the end of the call reads: the call, its work and customer, and its type's results and franchise. */
function endCallOptionsOf(
  id: Pick<EndCallOptions, 'sqldbid' | 'customerNo' | 'callType'>,
  call: ReturnType<typeof useOpenedCall>,
  reference: ReturnType<typeof useCallReference>,
  then: Pick<EndCallOptions, 'onSurveyProblem' | 'onEnded'>,
): EndCallOptions {
  const { work } = call;
  return {
    ...id,
    outboundId: call.subject.outboundId,
    // Kept with the work: a resumed call still has the id its screen pop gave it.
    phoneCallId: work.phoneCallId ?? undefined,
    customer: call.customer,
    draft: work.draft,
    customerInfoEditId: call.customerInfoEditId,
    allowedResults: reference.resultNames,
    branchTimeZone: reference.franchise.data?.timeZone,
    callStart: work.callStart,
    ...then,
  };
}

/** The CSR chose a result: it is kept, and what it needs that the call has not is asked for at once. */
function chooseResult(
  work: ReturnType<typeof useOpenedCall>['work'],
  outbound: boolean,
  dialogs: CallDialogState,
): (result: string | null) => void {
  return (result) => {
    const { change, asks } = resultChangeOf(result, work.draft, outbound);
    work.patch(change);
    for (const dialog of asks) dialogs.stack.open(dialog);
  };
}

/** When the call is ready (held, its work restored, the tabs shown), the keyboard starts on the call's tab. */
function useFocusOnTab(ready: boolean, tab: RefObject<string>) {
  useEffect(() => {
    if (ready) document.getElementById(`${CALL_TABS_ID}-tab-${tab.current}`)?.focus();
  }, [ready, tab]);
}
