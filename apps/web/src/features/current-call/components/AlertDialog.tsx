import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface AlertDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  title: string;
  message: ReactNode;
  /** OK; the close button and Escape too unless `forced`. */
  onOk?: () => void;
  /** The user must answer with OK (no close button, no click outside); Escape answers OK. */
  forced?: boolean;
  color?: string;
  'data-testid'?: string;
}

/** A one-button alert with the spec's title and message; OK takes the focus. */
export function AlertDialog({
  opened,
  onClose,
  stackId,
  title,
  message,
  onOk,
  forced = false,
  color,
  'data-testid': testId,
}: AlertDialogProps) {
  return (
    <Modal
      opened={opened}
      // Every dialog closes on Escape: a forced one by its only answer, OK.
      onClose={forced ? (onOk ?? onClose) : onClose}
      stackId={stackId}
      title={title}
      size="md"
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={testId}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color={color} onClick={onOk ?? onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
