import { Button, Group, Stack, Text } from '@mantine/core';
import { PlainDialog } from '../components/PlainDialog';
import { useSessionExpired } from '../lib/session';

/** Shown once the idle time-out has cleared the credentials; OK (or Escape, its only answer) reloads the page. */
export function SessionExpiredDialog() {
  const expired = useSessionExpired();
  const reload = () => window.location.reload();
  return (
    <PlainDialog
      opened={expired}
      onClose={reload}
      title="Session Expired"
      withCloseButton={false}
      closeOnClickOutside={false}
      zIndex={400}
    >
      <Stack gap="md">
        <Text>Please Login again...</Text>
        <Group justify="flex-end">
          <Button onClick={reload} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </PlainDialog>
  );
}
