import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The dashboard sent the user back to the call they left without ending it (router state `resumed`). */
export interface Resumed {
  /** When the call was left (saved), ISO. */
  savedAt: string;
}

export function resumedOf(state: unknown): Resumed | null {
  const resumed = (state as { resumed?: unknown } | null)?.resumed;
  if (typeof resumed !== 'object' || resumed === null) return null;
  const savedAt = (resumed as { savedAt?: unknown }).savedAt;
  return typeof savedAt === 'string' ? { savedAt } : null;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Says which call the user was sent back to and why (call-handling.md §2: a call left without ending it is saved so
 * it can be resumed), with a way to leave it for now: back to the call's list, the call still saved.
 */
export function ResumedCallNotice({
  resumed,
  name,
  customerNo,
  callType,
  onLeave,
}: {
  resumed: Resumed;
  name: string;
  customerNo: number;
  callType: string;
  onLeave: () => void;
}) {
  const who = [name || 'a new customer', customerNo > 0 ? `customer ${customerNo}` : null].filter(Boolean).join(', ');
  return (
    <Alert
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title="Back to the call you left"
      data-testid="resumed-call-notice"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          This is your {callType} call with {who}, which you left without ending it on {when(resumed.savedAt)}. Your
          work on it has been restored. End or cancel the call to close it.
        </Text>
        <Button size="xs" variant="white" onClick={onLeave}>
          Leave this call for now
        </Button>
      </Group>
    </Alert>
  );
}
