/**
 * The call screen itself, for one call (CurrentCallPage reads the call from the route): the lock, the working state,
 * the customer, the tabs, the dialogs and the ways out of the call (useCallScreen), laid out.
 */
import { useNavigate } from 'react-router';
import { Center, Loader, Stack } from '@mantine/core';
import type { SessionUser } from '@cc/contract';
import { RETURN_TO_SEARCH } from '../../inbound';
import { NextCallDial } from '../../telephony';
import { useClientConfig } from '../../../app/client-config';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';
import { useCallScreen, type CallScreen } from '../hooks/useCallScreen';
import type { TheCall } from '../model';
import { CallAlerts } from './CallAlerts';
import { CallDialogs } from './CallDialogs';
import { CallNotices } from './CallNotices';
import { CallOutOfReach } from './CallOutOfReach';
import { CallScreenHeader } from './CallScreenHeader';
import { CallWorkArea } from './CallWorkArea';
import { ResumedCallNotice, type Resumed } from './ResumedCallNotice';

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

export function CurrentCall({ resumed, dialOnOpen = false, ...call }: CurrentCallProps) {
  const navigate = useNavigate();
  const { clickToDial } = useClientConfig();
  const screen = useCallScreen(call);
  const { sqldbid, customerNo, outbound, listPath, call: opened, exits } = screen;
  const { lock, work, subject } = opened;
  const backToSearch = () => void navigate(listPath, { state: RETURN_TO_SEARCH });

  if (screen.outOfReach) {
    return <CallOutOfReach sqldbid={sqldbid} customerNo={customerNo} outbound={outbound} onBack={backToSearch} />;
  }
  if (!subject.callKnown || !work.ready) {
    return (
      <Center h={300}>
        <Loader role="status" aria-label={subject.callKnown ? 'Restoring the work on this call' : 'Opening the call'} />
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
      data-customer-info-edit-id={opened.customerInfoEditId ?? ''}
      data-work-state={work.pending ? 'pending' : 'saved'}
    >
      {resumed ? (
        <ResumedCallNotice
          resumed={resumed}
          name={screen.name}
          customerNo={customerNo}
          callType={screen.typeLabel}
          onLeave={exits.leaveForNow}
        />
      ) : null}
      <CallScreenHeader screen={screen} />
      <CallNotices
        opening={lock.state.status === 'opening'}
        failed={lock.state.status === 'failed' ? lock.state.message : null}
        restoreError={work.restoreError}
        unsaved={work.unsaved}
        onBack={() => void navigate(listPath)}
      />
      {dialOnOpen && clickToDial && opened.open && outbound && subject.outboundId !== undefined && customerNo > 0 ? (
        <NextCallDial sqldbid={sqldbid} customerNo={customerNo} outboundId={subject.outboundId} />
      ) : null}
      <CallWorkArea screen={screen} />
      <CallScreenDialogs screen={screen} />
      <CallAlerts
        refused={screen.refused}
        holder={screen.holder.data ?? null}
        dnc={screen.reference.onDncList && !screen.reference.dncSeen && opened.open}
        onDncSeen={screen.reference.markDncSeen}
        onRefusedOk={backToSearch}
        end={screen.end}
        blocker={exits.blocker}
        confirmCancel={screen.dialogs.confirmCancel}
        onConfirmCancel={(cancel) => {
          screen.dialogs.setConfirmCancel(false);
          if (cancel) exits.cancelCall();
        }}
      />
      {screen.shortcuts.help}
    </Stack>
  );
}

/** The call's dialogs, given what they edit and what they open. */
function CallScreenDialogs({ screen }: { screen: CallScreen }) {
  const { call, dialogs, reference } = screen;
  return (
    <CallDialogs
      stack={dialogs.stack}
      sqldbid={screen.sqldbid}
      customerNo={screen.customerNo}
      callType={screen.callType}
      theCall={call.subject.theCall}
      customer={call.customer}
      draft={call.work.draft}
      patch={call.work.patch}
      historyCall={dialogs.historyCall}
      franchise={reference.franchise.data}
      recent={reference.recent.data}
      lookupFor={dialogs.lookupFor}
      setLookupFor={dialogs.setLookupFor}
      lookedUp={dialogs.lookedUp}
      setLookedUp={dialogs.setLookedUp}
      onSaveCustomer={screen.saveAndClose}
      onReloadCustomer={call.refreshCustomer}
      onSwitchTo={screen.exits.switchTo}
    />
  );
}
