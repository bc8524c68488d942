import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { WithReference } from './toast-reference';

/** An error toast's words and its reference, with a button that copies the reference to quote when reporting it. */
export function ReferenceMessage({ text, reference }: WithReference) {
  return (
    <>
      <Text size="sm" inherit>
        {text}
      </Text>
      <Group gap={4} mt={4} wrap="nowrap">
        <Text size="sm" inherit>
          Reference: <code data-testid="toast-reference">{reference}</code>
        </Text>
        <CopyButton value={reference} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy reference'} withArrow position="top">
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label={copied ? 'Reference copied' : 'Copy reference'}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </>
  );
}
