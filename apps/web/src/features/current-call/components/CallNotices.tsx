import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * What the call screen says under its header about the call itself: still opening, could not be opened, or its
 * earlier work could not be read back (docs/decisions/023-call-working-state.md).
 */
export function CallNotices({
  opening,
  failed,
  restoreError,
  onBack,
}: {
  opening: boolean;
  failed: string | null;
  restoreError: string | null;
  onBack: () => void;
}) {
  return (
    <>
      {opening ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="gray.7">
            Opening the call…
          </Text>
        </Group>
      ) : null}
      {failed ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The call could not be opened" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{failed}</Text>
            <Button size="xs" variant="white" color="red" onClick={onBack}>
              Back to the list
            </Button>
          </Group>
        </Alert>
      ) : null}
      {restoreError ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Earlier work not restored" role="alert">
          The work saved on this call could not be read: {restoreError}
        </Alert>
      ) : null}
    </>
  );
}
