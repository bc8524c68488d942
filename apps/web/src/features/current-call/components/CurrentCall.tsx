/**
 * The call screen itself, for one call (CurrentCallPage reads the call from the route): the lock, the working state,
 * the customer, the tabs, the dialogs and the ways out of the call.
 */
import { useEffect, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Center, Grid, Loader, Stack } from '@mantine/core';
import type { SessionUser } from '@cc/contract';
import { CALLBACK_RESULTS, callTypeByName } from '@cc/domain';
import { RETURN_TO_SEARCH } from '../../inbound';
import { NextCallDial } from '../../telephony';
import { useClientConfig } from '../../../app/client-config';
import { useCallTab } from '../hooks/useCallTab';
import { useCallHolder } from '../api/isCallActive';
import { CallDialogs } from './CallDialogs';
import { CallAside } from './CallAside';
import { CallTabs } from './CallTabs';
import { CallHeader } from './CallHeader';
import { CallNotices } from './CallNotices';
import { CallAlerts } from './CallAlerts';
import type { CustomerEdit } from '../customer-edits';
import { CALL_RESULT_ID, CALL_TABS_ID, useCallShortcuts } from '../hooks/useCallShortcuts';
import { useCallSubject } from '../hooks/useCallSubject';
import { useHeldCall } from '../hooks/useHeldCall';
import { useShownMark } from '../../../lib/shown';
import { useCallCustomer } from '../hooks/useCallCustomer';
import { useCallReference } from '../hooks/useCallReference';
import { useCallDialogState } from '../hooks/useCallDialogState';
import { measureItOpener, useLawnSizeRefresh } from '../hooks/useLawnSizeRefresh';
import { MeasurementThumbnail } from './MeasurementThumbnail';
import { CallOutOfReach, isOutOfReach } from './CallOutOfReach';
import { ResumedCallNotice, type Resumed } from './ResumedCallNotice';
import { useEndCall } from '../hooks/useEndCall';
import { useCallExits } from '../hooks/useCallExits';
import { field, fullName, isOutbound, listPathOf, SERVICE_CALL_RESULT, type CallDraft, type TheCall } from '../model';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';

export interface CurrentCallProps {
  user: SessionUser;
  sqldbid: number;
  customerNo: number;
  callType: string;
  routedCall: TheCall | null;
  /** The dashboard sent the user back to this saved call. */
  resumed: Resumed | null;
  /** The phone system's id of the call, when a screen pop opened it (decision 075); kept with the work (081). */
  phoneCallId?: string | undefined;
  /** Next Call opened it: dial the customer once the call is ours (docs/decisions/084-next-call-dials.md). */
  dialOnOpen?: boolean;
}

export function CurrentCall({
  user,
  sqldbid,
  customerNo,
  callType,
  routedCall,
  resumed,
  phoneCallId,
  dialOnOpen = false,
}: CurrentCallProps) {
  const navigate = useNavigate();
  const { clickToDial } = useClientConfig();
  const type = callTypeByName(callType);
  const outbound = isOutbound(callType);
  const listPath = listPathOf(callType);

  const subject = useCallSubject(sqldbid, customerNo, callType, routedCall);
  const { callKnown, outboundId, customerQuery, theCall } = subject;
  const rowKnown = customerNo !== 0 || theCall !== null || customerQuery.isError;
  const { lock, open, work } = useHeldCall({
    sqldbid,
    customerNo,
    callType,
    outboundId,
    callKnown,
    theCall,
    rowKnown,
    phoneCallId,
  });
  const { local, customer, customerInfoEditId, refreshCustomer, saveCustomer } = useCallCustomer({
    sqldbid,
    customerNo,
    subject,
    work,
  });
  const draft: CallDraft = work.draft;
  const patch = work.patch;
  const { tab, openTab, pricingSeen, current: tabNow } = useCallTab(sqldbid, customerNo, callType);
  const reference = useCallReference(sqldbid, customerNo, type?.CallTypeId ?? 1, open);
  const { results, recent, franchise } = reference;
  const dialogs = useCallDialogState();
  const { stack } = dialogs;
  useShownMark('call', lock.state.status === 'open' && customer !== null, customer);

  // The refresh of lawn size and pricing reads MeasureIt, by a click or when MeasureIt's window saves (decision 043).
  const lawnSize = useLawnSizeRefresh({
    sqldbid,
    customerNo,
    customer,
    draft: draft.pricing,
    readCustomer: refreshCustomer,
  });

  const measureOpener = measureItOpener(user, sqldbid, customerNo);

  const onResultChange = (result: string | null) => {
    patch({ result, serviceCallReason: result === SERVICE_CALL_RESULT ? draft.serviceCallReason : null });
    if (result === SERVICE_CALL_RESULT && !draft.serviceCallReason) stack.open('service-reason');
    if (outbound && result && (CALLBACK_RESULTS as readonly string[]).includes(result) && !draft.callbackAt) {
      stack.open('callback');
    }
  };

  const saveAndClose = async (edit: Partial<CustomerEdit>, dialog: 'edit-customer' | 'customer-type') => {
    if (await saveCustomer(edit)) stack.close(dialog);
  };

  // A customer or franchise outside the user's branches: the server refuses its every read, so one refusal stands in
  // for the whole screen, whose panels would otherwise each fail on their own. An unknown caller's call (-1), held
  // without asking the server, is let go unsaved and without the question on leaving.
  const outOfReach = (customerNo >= 0 && isOutOfReach(customerQuery.error)) || isOutOfReach(franchise.error);
  const forgetLock = lock.forget;
  useEffect(() => {
    if (outOfReach) forgetLock();
  }, [outOfReach, forgetLock]);

  const name = customer ? fullName(customer) : [field(theCall, 'FirstName'), field(theCall, 'LastName')].join(' ');
  const exits = useCallExits({
    user,
    sqldbid,
    customerNo,
    callType,
    outbound,
    outboundId,
    theCall,
    listPath,
    name,
    open: open && !outOfReach,
    forgetLock: lock.forget,
    stopWork: work.stop,
  });

  const end = useEndCall({
    sqldbid,
    customerNo,
    callType,
    outboundId,
    // Kept with the work: a resumed call still has the id its screen pop gave it.
    phoneCallId: work.phoneCallId ?? undefined,
    customer,
    draft,
    customerInfoEditId,
    allowedResults: reference.resultNames,
    branchTimeZone: franchise.data?.timeZone,
    callStart: work.callStart,
    onSurveyProblem: () => {
      dialogs.setSurveyFlagged(true);
      openTab('survey');
    },
    onEnded: exits.ended,
  });

  const propEvalCode = field(theCall, 'PropEvalCode') || null;
  const refused = lock.state.status === 'refused' ? lock.state.message : null;
  // Who has the call, for the 'Active Call Encountered' dialog: the lock's holder, as the server names it.
  const holder = useCallHolder(sqldbid, customerNo, refused !== null);
  const failed = lock.state.status === 'failed' ? lock.state.message : null;
  const customerError = customerQuery.error?.message ?? null;

  const shortcuts = useCallShortcuts({
    endCall: open && draft.result && !end.ending && !exits.cancelling ? end.start : null,
    callLog: () => stack.open('call-log'),
    openTab,
  });
  // Once the call is ours and its work restored (the tabs shown), the keyboard starts on its tab: the first, or the
  // one kept across a reload.
  useFocusOnTab(open && callKnown && work.ready, tabNow);

  if (outOfReach) {
    return (
      <CallOutOfReach
        sqldbid={sqldbid}
        customerNo={customerNo}
        outbound={outbound}
        onBack={() => void navigate(listPath, { state: RETURN_TO_SEARCH })}
      />
    );
  }

  if (!callKnown || !work.ready) {
    return (
      <Center h={300}>
        <Loader role="status" aria-label={callKnown ? 'Restoring the work on this call' : 'Opening the call'} />
      </Center>
    );
  }

  return (
    <Stack
      gap="sm"
      maw={WORK_PAGE_WIDTH}
      mx="auto"
      data-testid="current-call"
      data-call-status={lock.state.status}
      data-customer-info-edit-id={customerInfoEditId ?? ''}
      data-work-state={work.pending ? 'pending' : 'saved'}
    >
      {resumed ? (
        <ResumedCallNotice
          resumed={resumed}
          name={name.trim()}
          customerNo={customerNo}
          callType={type?.CallTypeDisplayName ?? callType}
          onLeave={exits.leaveForNow}
        />
      ) : null}
      <CallHeader
        name={name.trim()}
        callTypeLabel={type?.CallTypeDisplayName ?? callType}
        outbound={outbound}
        accountNo={customerNo}
        doNotCall={reference.onDncList}
        results={reference.resultNames}
        resultsLoading={results.isPending}
        result={draft.result}
        onResultChange={onResultChange}
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
        onShortcuts={shortcuts.openHelp}
        resultId={CALL_RESULT_ID}
        onCancelCall={() => dialogs.setConfirmCancel(true)}
        cancelling={exits.cancelling}
        onEndCall={end.start}
        ending={end.ending}
        endWorking={end.working}
        active={open}
      />

      <CallNotices
        opening={lock.state.status === 'opening'}
        failed={failed}
        restoreError={work.restoreError}
        unsaved={work.unsaved}
        onBack={() => void navigate(listPath)}
      />
      {dialOnOpen && clickToDial && open && outbound && outboundId !== undefined && customerNo > 0 ? (
        <NextCallDial sqldbid={sqldbid} customerNo={customerNo} outboundId={outboundId} />
      ) : null}

      <Grid gap="sm" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <CallAside
            sqldbid={sqldbid}
            customerNo={customerNo}
            customer={customer}
            loading={customerNo >= 0 && customerQuery.isPending}
            error={customerError}
            local={local}
            editable={open}
            propEvalCode={propEvalCode}
            onEdit={() => stack.open('edit-customer')}
            onEditType={() => stack.open('customer-type')}
            onLookup={local ? dialogs.openLookup : undefined}
            onEditCustomerNo={callType === 'WebLead' ? () => stack.open('edit-customer-no') : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          <CallTabs
            tab={tab}
            onTab={openTab}
            sqldbid={sqldbid}
            customerNo={customerNo}
            callType={callType}
            theCall={theCall}
            customer={customer}
            user={user}
            draft={draft}
            patch={patch}
            recent={recent}
            pricingSeen={pricingSeen}
            onRefresh={lawnSize.refresh}
            refreshBusy={lawnSize.busy}
            onMeasure={measureOpener}
            customerError={customerError}
            measurement={measureOpener ? <MeasurementThumbnail sqldbid={sqldbid} customerNo={customerNo} /> : null}
            open={open}
            onOpenLog={dialogs.openHistoryLog}
            surveyFlagged={dialogs.surveyFlagged}
            onSurveyChange={() => dialogs.setSurveyFlagged(false)}
          />
        </Grid.Col>
      </Grid>

      <CallDialogs
        stack={stack}
        sqldbid={sqldbid}
        customerNo={customerNo}
        callType={callType}
        theCall={theCall}
        customer={customer}
        draft={draft}
        patch={patch}
        historyCall={dialogs.historyCall}
        franchise={franchise.data}
        recent={recent.data}
        lookupFor={dialogs.lookupFor}
        setLookupFor={dialogs.setLookupFor}
        lookedUp={dialogs.lookedUp}
        setLookedUp={dialogs.setLookedUp}
        onSaveCustomer={saveAndClose}
        onReloadCustomer={refreshCustomer}
        onSwitchTo={exits.switchTo}
      />

      <CallAlerts
        refused={refused}
        holder={holder.data ?? null}
        dnc={reference.onDncList && !reference.dncSeen && open}
        onDncSeen={reference.markDncSeen}
        onRefusedOk={() => void navigate(listPath, { state: RETURN_TO_SEARCH })}
        end={end}
        blocker={exits.blocker}
        confirmCancel={dialogs.confirmCancel}
        onConfirmCancel={(cancel) => {
          dialogs.setConfirmCancel(false);
          if (cancel) exits.cancelCall();
        }}
      />
      {shortcuts.help}
    </Stack>
  );
}

/** When the call is ready (held, its work restored, the tabs shown), the keyboard starts on the call's tab. */
function useFocusOnTab(ready: boolean, tab: RefObject<string>) {
  useEffect(() => {
    if (ready) document.getElementById(`${CALL_TABS_ID}-tab-${tab.current}`)?.focus();
  }, [ready, tab]);
}
