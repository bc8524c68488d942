/**
 * The call screen itself, for one call (CurrentCallPage reads the call from the route): the lock, the working state,
 * the customer, the tabs, the dialogs and the ways out of the call.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Center, Grid, Loader, Stack, useModalsStack } from '@mantine/core';
import type { Customer, HistoryRow, SessionUser } from '@cc/contract';
import { CALLBACK_RESULTS, callTypeByName } from '@cc/domain';
import { useClientConfig } from '../../../app/client-config';
import { toast } from '../../../lib/toast';
import { session } from '../../../lib/session';
import { RETURN_TO_SEARCH } from '../../inbound';
import { noteCallLeft } from '../left-call';
import { useCallTab } from '../hooks/useCallTab';
import { useCallOptions } from '../api/callOptions';
import { useCallResults } from '../api/callResults';
import { useCustomerHistory } from '../api/customerHistory';
import { useDoNotCallStatus } from '../api/doNotCallStatus';
import { useFranchiseInfo } from '../api/franchiseInfo';
import { useCallHolder } from '../api/isCallActive';
import { useUpdateCustomer } from '../api/updateCustomer';
import { CALL_DIALOGS, CallDialogs, type CallDialogName } from './CallDialogs';
import { CallAside } from './CallAside';
import { CallTabs } from './CallTabs';
import { CallHeader } from './CallHeader';
import { CallNotices } from './CallNotices';
import { CallAlerts } from './CallAlerts';
import { defaultHistoryRange } from './DayRangeInput';
import { applyLocally, type CustomerEdit } from '../customer-edits';
import { useCallLock } from '../hooks/useCallLock';
import { CALL_RESULT_ID, CALL_TABS_ID, useCallShortcuts } from '../hooks/useCallShortcuts';
import { useCallSubject } from '../hooks/useCallSubject';
import { useCallWork } from '../hooks/useCallWork';
import { measureItOpener, useLawnSizeRefresh } from '../hooks/useLawnSizeRefresh';
import { ResumedCallNotice, type Resumed } from './ResumedCallNotice';
import { useEndCall } from '../hooks/useEndCall';
import { useCallExits } from '../hooks/useCallExits';
import { field, fullName, isOutbound, listPathOf, SERVICE_CALL_RESULT, type CallDraft, type TheCall } from '../model';

export interface CurrentCallProps {
  user: SessionUser;
  sqldbid: number;
  customerNo: number;
  callType: string;
  routedCall: TheCall | null;
  /** The dashboard sent the user back to this saved call. */
  resumed: Resumed | null;
  /** The phone system's id of the call, when a screen pop opened it (decision 075). */
  phoneCallId?: string | undefined;
}

export function CurrentCall({
  user,
  sqldbid,
  customerNo,
  callType,
  routedCall,
  resumed,
  phoneCallId,
}: CurrentCallProps) {
  const navigate = useNavigate();
  const config = useClientConfig();
  const type = callTypeByName(callType);
  const outbound = isOutbound(callType);
  const listPath = listPathOf(callType);

  const { callKnown, outboundId, customerQuery, loaded, theCall } = useCallSubject(
    sqldbid,
    customerNo,
    callType,
    routedCall,
  );
  const local = customerNo <= 0;

  // The release of the call carries the working state's last change (the hook below gives it).
  const unloadState = useRef<ReturnType<typeof useCallWork>['unloadState'] | null>(null);
  const lock = useCallLock({
    sqldbid,
    customerNo,
    callType,
    outboundId,
    enabled: callKnown,
    theCall,
    heartbeatSeconds: config.callHeartbeatSeconds,
    workState: (pageHide) => unloadState.current?.(pageHide),
  });
  const open = lock.state.status === 'open';
  // Leaving the screen inside the app, signed in (not a reload, not a sign-out): the dashboard offers the call
  // rather than sending the user straight back to it (docs/decisions/067-leaving-a-call.md).
  useEffect(() => () => noteCallLeft(session.token() === null ? undefined : session.get()?.expiresAt), []);
  // What the CSR did on the call, restored before anything can be edited, saved while the call is held.
  // A new prospect's call is named by its row, which a deep link has once the prospect's record is read.
  const rowKnown = customerNo !== 0 || theCall !== null || customerQuery.isError;
  const work = useCallWork({
    sqldbid,
    customerNo,
    callType,
    callRow: theCall,
    enabled: callKnown && rowKnown,
    held: open,
  });
  unloadState.current = work.unloadState;
  // A new prospect's or unknown customer's edits are kept in the working state and applied to the record on screen.
  const customer = local && loaded && work.customerEdits ? applyLocally(loaded, work.customerEdits) : loaded;
  /** The latest recorded customer edit (work.infoEditId); the end of the call links it to the call history. */
  const infoEditId = work.infoEditId;
  // The latest recorded edit of this CSR: the dialog's answer, or the customer as read again (autopay turned off).
  const editIds = [infoEditId, customer?.customerInfoEditId].filter((id): id is number => typeof id === 'number');
  const customerInfoEditId = editIds.length > 0 ? Math.max(...editIds) : null;

  const draft: CallDraft = work.draft;
  /** The end of the call found required survey answers missing: the Survey tab marks them. */
  const [surveyFlagged, setSurveyFlagged] = useState(false);
  const { tab, openTab, pricingSeen, current: tabNow } = useCallTab(sqldbid, customerNo, callType);
  const patch = work.patch;

  const results = useCallResults(type?.CallTypeId ?? 1);
  const options = useCallOptions();
  const followUps = (options.data ?? []).filter((o) => o.HeaderName === 'Follow Up').map((o) => o.OptionName);
  const [recentRange] = useState(defaultHistoryRange);
  const recent = useCustomerHistory(
    { sqldbid, customerNo, start: recentRange[0], end: recentRange[1] },
    customerNo >= 0,
  );
  const franchise = useFranchiseInfo(sqldbid);

  // Federal do-not-call: checked for existing customers once the call is ours.
  const dnc = useDoNotCallStatus(sqldbid, customerNo, open && customerNo > 0);
  const onDncList = dnc.data?.IsOnFederalDoNotCallList === true;
  const [dncSeen, setDncSeen] = useState(false);

  const stack = useModalsStack<CallDialogName>([...CALL_DIALOGS]);
  const [historyCall, setHistoryCall] = useState<HistoryRow | null>(null);
  const [lookupFor, setLookupFor] = useState<'switch' | 'customer-no'>('switch');
  const [lookedUp, setLookedUp] = useState<number | null>(null);
  const update = useUpdateCustomer();
  /** Cancel Call asks first (the abandon confirmation). */
  const [confirmCancel, setConfirmCancel] = useState(false);

  /** Pricing's refresh: the stored customer again (its lawn size), or the one kept on screen for a prospect. */
  const refreshCustomer = async (): Promise<Customer | null> => {
    if (local) return customer;
    const answer = await customerQuery.refetch();
    if (answer.error) throw answer.error;
    return answer.data ?? null;
  };
  // The refresh of lawn size and pricing reads MeasureIt, by a click or when MeasureIt's window saves (decision 043).
  const lawnSize = useLawnSizeRefresh({
    sqldbid,
    customerNo,
    customer,
    draft: draft.pricing,
    readCustomer: refreshCustomer,
  });

  const onResultChange = (result: string | null) => {
    patch({ result, serviceCallReason: result === SERVICE_CALL_RESULT ? draft.serviceCallReason : null });
    if (result === SERVICE_CALL_RESULT && !draft.serviceCallReason) stack.open('service-reason');
    if (outbound && result && (CALLBACK_RESULTS as readonly string[]).includes(result) && !draft.callbackAt) {
      stack.open('callback');
    }
  };

  const saveCustomer = async (edit: Partial<CustomerEdit>, dialog: 'edit-customer' | 'customer-type') => {
    if (!customer) return;
    if (local) {
      const next = applyLocally(customer, edit);
      work.addCustomerEdit(edit);
      toast.success(`Updated Customer: ${fullName(next)}`);
    } else {
      // The edit names the version it was made on: a customer another user changed since answers 409.
      const version = customerQuery.data?.version ?? customer.version;
      const answer = await update.mutateAsync({ sqldbid, customerNo, body: { ...edit, version } });
      work.setInfoEditId(answer.customerInfoEditId);
      toast.success(`Updated Customer: ${fullName(answer.customer)}`);
    }
    stack.close(dialog);
  };

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
    open,
    forgetLock: lock.forget,
    stopWork: work.stop,
  });

  const end = useEndCall({
    sqldbid,
    customerNo,
    callType,
    outboundId,
    phoneCallId,
    customer,
    draft,
    customerInfoEditId,
    allowedResults: (results.data ?? []).map((r) => r.ResultName),
    branchTimeZone: franchise.data?.timeZone,
    callStart: work.callStart,
    onSurveyProblem: () => {
      setSurveyFlagged(true);
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
  const tabsShown = callKnown && work.ready;
  useEffect(() => {
    if (open && tabsShown) document.getElementById(`${CALL_TABS_ID}-tab-${tabNow.current}`)?.focus();
  }, [open, tabsShown, tabNow]);

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
      maw={1760}
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
        doNotCall={onDncList}
        results={(results.data ?? []).map((r) => r.ResultName)}
        resultsLoading={results.isPending}
        result={draft.result}
        onResultChange={onResultChange}
        followUps={followUps}
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
        onCancelCall={() => setConfirmCancel(true)}
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
            onLookup={
              local
                ? () => {
                    setLookupFor('switch');
                    stack.open('lookup');
                  }
                : undefined
            }
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
            onMeasure={measureItOpener(user, sqldbid, customerNo)}
            open={open}
            onOpenLog={(call) => {
              setHistoryCall(call);
              stack.open('history-log');
            }}
            surveyFlagged={surveyFlagged}
            onSurveyChange={() => setSurveyFlagged(false)}
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
        historyCall={historyCall}
        franchise={franchise.data}
        recent={recent.data}
        lookupFor={lookupFor}
        setLookupFor={setLookupFor}
        lookedUp={lookedUp}
        setLookedUp={setLookedUp}
        onSaveCustomer={saveCustomer}
        onReloadCustomer={refreshCustomer}
        onSwitchTo={exits.switchTo}
      />

      <CallAlerts
        refused={refused}
        holder={holder.data ?? null}
        dnc={onDncList && !dncSeen && open}
        onDncSeen={() => setDncSeen(true)}
        onRefusedOk={() => void navigate(listPath, { state: RETURN_TO_SEARCH })}
        end={end}
        blocker={exits.blocker}
        confirmCancel={confirmCancel}
        onConfirmCancel={(cancel) => {
          setConfirmCancel(false);
          if (cancel) exits.cancelCall();
        }}
      />
      {shortcuts.help}
    </Stack>
  );
}
