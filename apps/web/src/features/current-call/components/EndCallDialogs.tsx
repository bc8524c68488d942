import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatMoney, sendsEndCallEmail } from '@cc/domain';
import type { EndCallSummary } from '../end-call';
import type { EndCallPhase } from '../hooks/useEndCall';
import { SURVEY_ALERT_MESSAGE, SURVEY_ALERT_TITLE } from '../survey';
import { AlertDialog } from './AlertDialog';
import { callbackText } from '../callback-format';

export const CONFIRM_END_CALL_TITLE = 'Confirm End Call';
export const NO_EMAIL_TITLE = 'No Customer Email';
export const NO_EMAIL_MESSAGE =
  'This customer has no email address, so the end-call confirmation email cannot be sent. End the call without it?';
export const ENDING_CALL_TITLE = 'Ending Call';

export interface EndCallDialogsProps {
  phase: EndCallPhase;
  onDismiss: () => void;
  onWithoutEmail: () => void;
  onDecline: () => void;
  onConfirm: () => void;
}

/** The dialogs of the end of a call: the error, the survey alert, no email, the confirmation and the wait. */
export function EndCallDialogs({ phase, onDismiss, onWithoutEmail, onDecline, onConfirm }: EndCallDialogsProps) {
  return (
    <>
      <AlertDialog
        opened={phase.name === 'problem'}
        onClose={onDismiss}
        title={phase.name === 'problem' ? phase.title : ''}
        message={phase.name === 'problem' ? phase.message : ''}
        color="red.9"
        data-testid="end-call-error-dialog"
      />
      <AlertDialog
        opened={phase.name === 'survey'}
        onClose={onDismiss}
        title={SURVEY_ALERT_TITLE}
        message={SURVEY_ALERT_MESSAGE}
        data-testid="end-call-survey-alert"
      />
      <Modal
        opened={phase.name === 'no-email'}
        onClose={onDecline}
        title={NO_EMAIL_TITLE}
        size="md"
        closeButtonProps={{ 'aria-label': 'Close' }}
        data-testid="end-call-no-email-dialog"
      >
        <Text size="sm">{NO_EMAIL_MESSAGE}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onDecline}>
            Cancel
          </Button>
          <Button onClick={onWithoutEmail} data-autofocus>
            End without email
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={phase.name === 'confirm'}
        onClose={onDecline}
        title={CONFIRM_END_CALL_TITLE}
        size="md"
        closeButtonProps={{ 'aria-label': 'Close' }}
        data-testid="end-call-confirm-dialog"
      >
        {phase.name === 'confirm' ? <Summary summary={phase.summary} sendEmail={phase.sendEmail} /> : null}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onDecline}>
            Cancel
          </Button>
          <Button onClick={onConfirm} data-autofocus>
            End Call
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={phase.name === 'sending'}
        onClose={() => undefined}
        title={ENDING_CALL_TITLE}
        size="sm"
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        data-testid="end-call-wait-dialog"
      >
        <Group gap="sm" role="status" aria-live="polite" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Saving the call. Please wait…</Text>
        </Group>
      </Modal>
    </>
  );
}

function Summary({ summary, sendEmail }: { summary: EndCallSummary; sendEmail: boolean }) {
  const rows: [string, string, string][] = [['Call result', summary.result, 'end-call-summary-result']];
  if (summary.orderTotal !== null)
    rows.push(['Order total', formatMoney(summary.orderTotal), 'end-call-summary-total']);
  if (summary.callbackAt) {
    rows.push(['Callback', callbackText(summary.callbackAt, true), 'end-call-summary-callback']);
  }
  rows.push(['Follow up', summary.followUp, 'end-call-summary-follow-up']);
  return (
    <Stack gap="xs">
      <Text size="sm">End this call and save it?</Text>
      <Table verticalSpacing={4} horizontalSpacing="xs" withRowBorders={false} data-testid="end-call-summary">
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500} c="gray.7" w={130}>
                {label}
              </Table.Th>
              <Table.Td fw={600} data-testid={testId}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!sendEmail ? (
        <Text size="xs" c="gray.7" data-testid="end-call-no-email-note">
          {sendsEndCallEmail(summary.result)
            ? 'No confirmation email will be sent.'
            : 'No confirmation email will be sent: nobody was spoken to on this call.'}
        </Text>
      ) : null}
    </Stack>
  );
}
