import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A search or a page of its results failed; a page can be asked for again. */
export function SearchFailedAlert({ error, retry }: { error: Error; retry: (() => void) | undefined }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      title="Search failed"
      role="alert"
      style={{ flexShrink: 0 }}
    >
      <Group justify="space-between" gap="sm">
        <span>{error.message}</span>
        {retry ? (
          <Button size="xs" variant="white" color="red" onClick={retry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
