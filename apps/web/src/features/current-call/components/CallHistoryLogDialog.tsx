import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { HistoryRow } from '@cc/contract';
import { money } from '../model';
import { Facts } from './Facts';
import { callTypeDisplayName } from '@cc/domain';

export interface CallHistoryLogDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  call: HistoryRow | null;
}

function Block({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <div>
      <Title order={3} size="h6" mb={4}>
        {title}
      </Title>
      <Paper withBorder p="xs" bg="gray.0" radius="sm">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={text ? undefined : 'gray.7'} data-testid={testId}>
          {text || 'Nothing recorded.'}
        </Text>
      </Paper>
    </div>
  );
}

/** One past call: its facts, the call log and the CSR's notes. */
export function CallHistoryLogDialog({ opened, onClose, stackId, call }: CallHistoryLogDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Call History Log"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="call-history-log-dialog"
    >
      {call ? (
        <Stack gap="sm">
          <Facts
            labelWidth={110}
            items={[
              { label: 'Call', value: `#${call.call_id}` },
              { label: 'Started', value: call.call_start ?? '' },
              { label: 'Ended', value: call.call_end ?? '' },
              { label: 'Agent', value: call.csagent },
              { label: 'Type', value: `${callTypeDisplayName(call.call_type)} (${call.call_direction})` },
              { label: 'Result', value: call.call_result },
              { label: 'Reason', value: call.call_reason },
              { label: 'Package', value: call.package },
              { label: 'Total', value: call.totalcost ? money(call.totalcost) : '' },
              { label: 'Order', value: call.orderId ? `#${call.orderId}` : '' },
            ]}
          />
          <Block title="Call log" text={call.call_log} testId="history-call-log" />
          <Block title="CSR notes" text={call.csr_notes} testId="history-csr-notes" />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
