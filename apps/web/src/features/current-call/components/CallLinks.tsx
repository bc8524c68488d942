import { Button, Card, Group, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { callLinksOf, type CallLinksInput } from '../links';

export type CallLinksProps = CallLinksInput;

function ExternalLink({ label, href, testId }: { label: string; href: string | null; testId: string }) {
  if (href) {
    return (
      <Button
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        size="compact-sm"
        variant="light"
        rightSection={<IconExternalLink size={14} aria-hidden />}
        data-testid={testId}
      >
        {label}
        <VisuallyHidden> (opens in a new window)</VisuallyHidden>
      </Button>
    );
  }
  // Never a broken link: shown, focusable for the tooltip, and disabled.
  const noteId = `${testId}-note`;
  return (
    <Tooltip label="Not configured" withArrow>
      <Button
        size="compact-sm"
        variant="light"
        data-disabled
        aria-disabled
        aria-describedby={noteId}
        onClick={(event) => event.preventDefault()}
        data-testid={testId}
      >
        {label}
        <VisuallyHidden id={noteId}>Not configured</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}

/** Pay a Bill, Autopay and the evaluation open in a new window with the customer, zip and evaluation code. */
export function CallLinks(props: CallLinksProps) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="links-panel-title">
      <Title order={2} size="h5" id="links-panel-title" mb={6}>
        <Group gap={6} component="span">
          <IconLink size={18} aria-hidden />
          Links
        </Group>
      </Title>
      <Group gap="xs">
        {callLinksOf(props).map((link) => (
          <ExternalLink key={link.testId} label={link.label} href={link.href} testId={link.testId} />
        ))}
      </Group>
    </Card>
  );
}
