import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCloudOff } from '@tabler/icons-react';

export const UNSAVED_TITLE = 'Work not saved yet';
export const UNSAVED_MESSAGE =
  'The server cannot be reached. Your work on this call stays on this screen and is saved as soon as the connection ' +
  'is back; keep this page open until then.';

/**
 * What the call screen says under its header about the call itself: still opening, could not be opened, or its
 * earlier work could not be read back, or the latest work cannot be saved for now (docs/decisions/023-call-working-state.md).
 */
export function CallNotices({
  opening,
  failed,
  restoreError,
  unsaved = false,
  onBack,
}: {
  opening: boolean;
  failed: string | null;
  restoreError: string | null;
  /** A change waits for the server, which cannot be reached (offline). */
  unsaved?: boolean;
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
      {unsaved ? (
        <Alert
          color="yellow"
          icon={<IconCloudOff size={18} />}
          title={UNSAVED_TITLE}
          role="alert"
          data-testid="work-unsaved-notice"
        >
          {UNSAVED_MESSAGE}
        </Alert>
      ) : null}
    </>
  );
}
