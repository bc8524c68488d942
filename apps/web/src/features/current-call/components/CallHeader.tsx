import { ActionIcon, Badge, Box, Button, Group, Input, Paper, Select, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarClock,
  IconClipboardList,
  IconFileDescription,
  IconKeyboard,
  IconNotes,
  IconPhoneCheck,
  IconPhoneOff,
  IconTool,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BusyButton } from '../../../components/BusyButton';
import { callbackText } from '../callback-format';

export interface CallHeaderProps {
  name: string;
  callTypeLabel: string;
  outbound: boolean;
  accountNo: number;
  doNotCall: boolean;
  /** Result names of this call type. */
  results: string[];
  resultsLoading: boolean;
  result: string | null;
  onResultChange: (value: string | null) => void;
  followUps: string[];
  followUp: string;
  onFollowUpChange: (value: string) => void;
  callbackAt: string | null;
  onCallback: () => void;
  /** Shown with a 'Service Call' result. */
  serviceCallReason: string | null;
  showServiceReason: boolean;
  onServiceReason: () => void;
  hasNotes: boolean;
  onCallLog: () => void;
  onCustomerDetails: () => void;
  onActionSheet: () => void;
  /** The keyboard shortcuts' help. */
  onShortcuts: () => void;
  /** The id of the call result's input (a shortcut goes to it). */
  resultId: string;
  onCancelCall: () => void;
  cancelling: boolean;
  onEndCall: () => void;
  /** The end of the call is under way (validating, confirming or sending). */
  ending: boolean;
  /** Validating or sending (End Call shows a loader). */
  endWorking: boolean;
  /** False until the call is ours. */
  active: boolean;
}

/**
 * The sticky bar of the call: who, what kind of call, the result and follow-up, End Call and Cancel Call. End Call
 * is enabled only with a result chosen and no end under way (call-handling.md §5).
 */
export function CallHeader(props: CallHeaderProps) {
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      shadow="xs"
      style={{
        position: 'sticky',
        top: 'calc(var(--app-shell-header-height, 60px) + 4px)',
        zIndex: 5,
      }}
      data-testid="call-header"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <CallIdentity {...props} />
        <CallActions {...props} />
      </Group>
      <CallDecisions {...props} />
    </Paper>
  );
}

/** Who is on the call, what kind of call it is, the account, and the do-not-call warning. */
function CallIdentity({ name, outbound, callTypeLabel, accountNo, doNotCall }: CallHeaderProps) {
  const account = accountNo > 0 ? String(accountNo) : accountNo === 0 ? 'New' : 'Unknown';
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Title order={1} size="h4" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {name || 'New caller'}
      </Title>
      <Badge variant="filled" color={outbound ? 'violet.9' : 'blue.9'} data-testid="call-type-badge">
        {callTypeLabel}
      </Badge>
      <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        Acct{' '}
        <Text span fw={600} c="dark.8" data-testid="header-account">
          {account}
        </Text>
      </Text>
      {doNotCall ? (
        <Badge color="red.9" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
          Do Not Call
        </Badge>
      ) : null}
    </Group>
  );
}

/** The call's documents and help, then End Call and Cancel Call. */
function CallActions(props: CallHeaderProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant={props.hasNotes ? 'light' : 'default'}
        leftSection={<IconNotes size={14} />}
        onClick={props.onCallLog}
      >
        Call Log
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFileDescription size={14} />}
        onClick={props.onCustomerDetails}
      >
        Customer Details
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconClipboardList size={14} />}
        onClick={props.onActionSheet}
      >
        Action Sheet
      </Button>
      <Tooltip label="Keyboard shortcuts (Alt+Shift+K)">
        <ActionIcon variant="default" size="md" aria-label="Keyboard shortcuts" onClick={props.onShortcuts}>
          <IconKeyboard size={16} />
        </ActionIcon>
      </Tooltip>
      <BusyButton
        size="compact-sm"
        leftSection={<IconPhoneCheck size={14} />}
        onClick={props.onEndCall}
        busy={props.endWorking}
        disabled={!props.active || !props.result || (props.ending && !props.endWorking) || props.cancelling}
        data-testid="end-call-button"
      >
        End Call
      </BusyButton>
      <BusyButton
        size="compact-sm"
        color="red.9"
        variant="outline"
        leftSection={<IconPhoneOff size={14} />}
        onClick={props.onCancelCall}
        busy={props.cancelling}
        disabled={!props.active || props.ending}
      >
        Cancel Call
      </BusyButton>
    </Group>
  );
}

/** What the CSR decides: the result, the follow-up, the callback and, for a service call, its reason. */
function CallDecisions(props: CallHeaderProps) {
  return (
    <Group gap="sm" mt={6} align="flex-end" wrap="wrap">
      <Select
        size="xs"
        w={230}
        label="Call result"
        id={props.resultId}
        placeholder={props.resultsLoading ? 'Loading results…' : 'Choose the result'}
        data={props.results}
        value={props.result}
        onChange={props.onResultChange}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the call result' }}
        comboboxProps={{ withinPortal: true }}
        data-testid="call-result"
      />
      <Select
        size="xs"
        w={190}
        label="Follow up"
        data={props.followUps}
        value={props.followUp}
        onChange={(v) => props.onFollowUpChange(v ?? 'None')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="follow-up"
      />
      <LabelledButton label="Callback" labelId="callback-label">
        <Button
          size="xs"
          variant={props.callbackAt ? 'light' : 'default'}
          leftSection={<IconCalendarClock size={14} />}
          onClick={props.onCallback}
          aria-describedby="callback-label"
          data-testid="callback-button"
        >
          {props.callbackAt ? callbackText(props.callbackAt) : 'Set callback'}
        </Button>
      </LabelledButton>
      {props.showServiceReason ? (
        <LabelledButton label="Service call reason" labelId="service-reason-label">
          <Tooltip label={props.serviceCallReason ?? 'No reason chosen'} disabled={!props.serviceCallReason}>
            <Button
              size="xs"
              variant={props.serviceCallReason ? 'light' : 'default'}
              leftSection={<IconTool size={14} />}
              onClick={props.onServiceReason}
              aria-describedby="service-reason-label"
              maw={260}
              data-testid="service-reason-button"
            >
              {props.serviceCallReason ?? 'Choose reason'}
            </Button>
          </Tooltip>
        </LabelledButton>
      ) : null}
    </Group>
  );
}

/** A button that opens a dialog, labelled above as the selects beside it are (Mantine's input label). */
function LabelledButton({ label, labelId, children }: { label: string; labelId: string; children: ReactNode }) {
  return (
    <Box>
      <Input.Label size="xs" labelElement="div" display="block" mb={2} id={labelId}>
        {label}
      </Input.Label>
      {children}
    </Box>
  );
}
