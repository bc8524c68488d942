import { Button, Card, Group, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { zip5 } from '@cc/domain';

export interface CallLinksProps {
  payBill: string | null;
  autoPay: string | null;
  evaluation: string | null;
  customerNo: number;
  zip: string;
  /** The property-evaluation code of a PropertyEval call; the link shows only then. */
  propEvalCode: string | null;
}

/** The configured URL with the customer's parameters, or null when it is not configured. */
export function linkTo(base: string | null, params: Record<string, string>): string | null {
  if (!base) return null;
  try {
    const url = new URL(base);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return null;
  }
}

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

/** Pay a Bill and Autopay open in a new window with the customer and zip; PropertyEval calls add the evaluation. */
export function CallLinks({ payBill, autoPay, evaluation, customerNo, zip, propEvalCode }: CallLinksProps) {
  const params = { customer: String(customerNo), zip: zip5(zip) };
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="links-panel-title">
      <Title order={2} size="h5" id="links-panel-title" mb={6}>
        <Group gap={6} component="span">
          <IconLink size={18} aria-hidden />
          Links
        </Group>
      </Title>
      <Group gap="xs">
        <ExternalLink label="Pay a Bill" href={linkTo(payBill, params)} testId="link-pay-bill" />
        <ExternalLink label="Autopay" href={linkTo(autoPay, params)} testId="link-autopay" />
        {propEvalCode !== null ? (
          <ExternalLink
            label={`Evaluation code ${propEvalCode}`}
            href={linkTo(evaluation, { code: propEvalCode, customer: String(customerNo) })}
            testId="link-evaluation"
          />
        ) : null}
      </Group>
    </Card>
  );
}
