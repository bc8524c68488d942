import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallScript } from '../api/callScript';
import { useShownMark } from '../../../lib/shown';

/** The call script of the call type, one paragraph per step. */
export function ScriptTab({
  sqldbid,
  customerNo,
  callType,
  shown = false,
}: {
  sqldbid: number;
  customerNo: number;
  callType: string;
  /** The tab is the one in view: its mark is set when the script is (lib/shown.ts). */
  shown?: boolean;
}) {
  const script = useCallScript({ sqldbid, customerNo, callType });
  useShownMark('call-tab:script', shown && !script.isPending, script.data);
  if (script.isPending) return <Loader size="sm" role="status" aria-label="Loading the script" />;
  if (script.error) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
        {script.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" maw={820}>
      <Title order={3} size="h5">
        {script.data.title}
      </Title>
      {script.data.paragraphs.map((paragraph, i) => (
        <Paper key={i} withBorder p="sm" radius="sm" bg={i === 0 ? 'var(--mantine-primary-color-light)' : undefined}>
          <Text size="sm" lh={1.55} data-testid="script-paragraph">
            {paragraph}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
